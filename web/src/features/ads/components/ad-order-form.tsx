import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import type { BallColor } from '@/components/ui/ball';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { useMediaQuery } from '@/hooks/use-media-query';
import { errorField, errorMessage } from '@/lib/api-client';
import { formatRun } from '@/utils/format';
import { useOrderAndPay } from '../api/pay';
import type { AdKind, Catalog, UploadedImage } from '../api/types';
import { useUploadAdImage } from '../api/upload-image';
import { formatPrice } from '../lib/format';
import {
  checkOrder,
  fileError,
  newIdempotencyKey,
  orderFieldOf,
  type OrderErrors,
  type OrderField,
} from '../lib/order-form';
import { BallBoardPreview } from './ball-board-preview';
import { BannerPreview } from './banner-preview';
import { ColorPicker } from './color-picker';
import { ImageUpload } from './image-upload';
import { RunPicker } from './run-picker';
import './ad-order-form.css';

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

function imageHint(kind: AdKind, catalog: Catalog): string {
  const limits = `PNG, JPEG or WebP, at most ${megabytes(catalog.maxUploadBytes)} MB and ${catalog.maxImagePixelsPerSide} pixels a side`;
  return kind === 'ball'
    ? `${limits}; cropped from the centre to a ${catalog.ballImageSize}×${catalog.ballImageSize} square.`
    : `${limits}; cropped from the centre to ${catalog.bannerWidth}×${catalog.bannerHeight}.`;
}

/** One column (ad-order-form.css): the preview goes right under the image field. */
const ONE_COLUMN = '(max-width: 820px)';

const DESTINATION_HINT: Record<AdKind, string> = {
  ball: "Where 'Watch Ad' takes players: an https:// address.",
  banner: 'Where a click on the banner goes: an https:// address.',
};

/**
 * Buying an ad (docs/api.md 'Buying'): for a ball ad its colour, the image (uploaded at once and
 * shown on a live preview), where a click goes, the run and its price; 'Pay' makes the order
 * (once per form, by its Idempotency-Key) and goes on to the payment page.
 */
export function AdOrderForm({ kind, catalog }: { kind: AdKind; catalog: Catalog }) {
  // Made once, when the form opens: a double click or a retry is the same purchase.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [color, setColor] = useState<BallColor | null>(null);
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [destinationUrl, setDestinationUrl] = useState('');
  const [runDays, setRunDays] = useState<number | null>(null);
  const [errors, setErrors] = useState<OrderErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const upload = useUploadAdImage(kind);
  const pay = useOrderAndPay();
  // A second click in the same instant, before the button is disabled, sends nothing.
  const sending = useRef(false);
  const oneColumn = useMediaQuery(ONE_COLUMN);

  const runs = kind === 'ball' ? catalog.ballRuns : catalog.bannerRuns;
  const run = runs.find((r) => r.days === runDays);

  function clearError(field: OrderField) {
    setErrors(({ [field]: _, ...rest }) => rest);
    setFormError(null);
  }

  function chooseFile(file: File) {
    clearError('image');
    const problem = fileError(file, catalog.maxUploadBytes);
    if (problem) {
      setErrors((e) => ({ ...e, image: problem }));
      return;
    }
    setImage(null);
    upload.mutate(file, {
      onSuccess: setImage,
      onError: (error) =>
        setErrors((e) => ({
          ...e,
          image: errorMessage(error, 'The image could not be uploaded. Please try again.'),
        })),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const checked = checkOrder(kind, { color, image, destinationUrl, runDays });
    if (!checked.input) {
      setErrors(checked.errors);
      return;
    }
    sending.current = true;
    setErrors({});
    setFormError(null);
    pay.mutate(
      { input: checked.input, idempotencyKey },
      {
        onError: (error) => {
          sending.current = false;
          const field = orderFieldOf(errorField(error));
          const message = errorMessage(
            error,
            'The payment could not be started. Please try again.',
          );
          if (field) setErrors({ [field]: message });
          else setFormError(message);
        },
      },
    );
  }

  const leaving = pay.isPending || pay.isSuccess;
  // Beside (a banner's: above) the form on a wide screen; on a narrow one right after the image
  // field, where the buyer sees it as they choose the image, not only after the Pay button.
  const preview = (
    <div className="ad-order__preview">
      {kind === 'ball' ? (
        <BallBoardPreview color={color} imageUrl={image?.imageUrl ?? null} />
      ) : (
        <BannerPreview
          imageUrl={image?.imageUrl ?? null}
          width={catalog.bannerWidth}
          height={catalog.bannerHeight}
        />
      )}
    </div>
  );
  return (
    <form className={`ad-order ad-order--${kind}`} onSubmit={submit} noValidate>
      <Card className="ad-order__fields">
        <CardBody>
          {kind === 'ball' && (
            <ColorPicker
              value={color}
              error={errors.color}
              onChange={(next) => {
                setColor(next);
                clearError('color');
              }}
            />
          )}
          <ImageUpload
            hint={imageHint(kind, catalog)}
            uploading={upload.isPending}
            error={errors.image}
            onFile={chooseFile}
          />
          {oneColumn && preview}
          <Field
            label="Destination"
            name="destinationUrl"
            type="url"
            inputMode="url"
            placeholder="https://example.com/"
            autoComplete="url"
            value={destinationUrl}
            hint={DESTINATION_HINT[kind]}
            error={errors.destinationUrl}
            onChange={(event) => {
              setDestinationUrl(event.target.value);
              clearError('destinationUrl');
            }}
          />
          <RunPicker
            runs={runs}
            currency={catalog.currency}
            value={runDays}
            error={errors.runDays}
            onChange={(days) => {
              setRunDays(days);
              clearError('runDays');
            }}
          />
          <p className="ad-order__price" data-testid="ad-price">
            {run ? (
              <>
                Price: <strong>{formatPrice(run.priceCents, catalog.currency)}</strong> for{' '}
                {formatRun(run.days)}
              </>
            ) : (
              'Choose a run to see the price.'
            )}
          </p>
          {formError && <Alert>{formError}</Alert>}
          <Button type="submit" size="lg" block disabled={leaving || upload.isPending}>
            {leaving ? 'Going to payment...' : 'Pay'}
          </Button>
          <p className="ad-order__note">
            You pay on our payment provider&apos;s secure page. An admin reviews every paid ad
            before it runs; an ad that is turned down is refunded in full.
          </p>
        </CardBody>
      </Card>
      {!oneColumn && preview}
    </form>
  );
}
