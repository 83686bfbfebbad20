import { COLORS, type Color } from '@ballmatch/engine';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { iconImageUrl } from '@/game/faces';
import { useUploadIcon } from '../api/icons';
import { FaceBall } from './face-ball';

/** The API's limit on an icon's SVG. */
export const MAX_ICON_BYTES = 100 * 1024;

/** A file's text (FileReader: Blob.text() is missing from some environments, jsdom among them). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * Upload an SVG for one colour, from a file or pasted. The preview is this page's own cleaned
 * copy; the server cleans it again and refuses it, naming what it found, when anything had to
 * go (a script, an event attribute, an outside reference).
 */
export function IconUploadForm({
  color,
  onColorChange,
}: {
  color: Color;
  onColorChange: (color: Color) => void;
}) {
  const ids = { color: useId(), file: useId(), text: useId() };
  const upload = useUploadIcon();
  const [svg, setSvg] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const preview = svg.trim() ? iconImageUrl(svg) : null;

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    upload.reset();
    if (!file) return;
    if (file.size > MAX_ICON_BYTES) {
      setProblem('The SVG is larger than 100 KB.');
      return;
    }
    try {
      setSvg(await readText(file));
      setProblem(null);
    } catch {
      setProblem('The file could not be read.');
    }
  }

  function submit() {
    const text = svg.trim();
    const missing = !text ? 'Choose an SVG file or paste one.' : null;
    const tooBig =
      new TextEncoder().encode(text).length > MAX_ICON_BYTES
        ? 'The SVG is larger than 100 KB.'
        : null;
    setProblem(missing ?? tooBig);
    if (missing || tooBig) return;
    upload.mutate({ color_code: color, svg_content: text }, { onSuccess: () => setSvg('') });
  }

  return (
    <form
      className="icon-upload"
      aria-label="Upload an icon"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!upload.isPending) submit();
      }}
    >
      <h3>Upload an icon</h3>
      <div className="icon-upload__fields">
        <div className="field">
          <label className="field__label" htmlFor={ids.color}>
            Colour
          </label>
          <select
            id={ids.color}
            className="field__input"
            value={color}
            onChange={(event) => onColorChange(event.target.value as Color)}
          >
            {COLORS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.file}>
            SVG file
          </label>
          <input
            id={ids.file}
            className="field__input"
            type="file"
            accept=".svg,image/svg+xml"
            onChange={(event) => void readFile(event)}
          />
        </div>
        <div className="field icon-upload__text">
          <label className="field__label" htmlFor={ids.text}>
            Or paste the SVG
          </label>
          <textarea
            id={ids.text}
            className="field__input"
            spellCheck={false}
            value={svg}
            placeholder='<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">…</svg>'
            onChange={(event) => {
              upload.reset();
              setSvg(event.target.value);
            }}
          />
        </div>
        <figure className="icon-upload__preview">
          <FaceBall
            color={color}
            size={96}
            url={preview}
            alt={preview ? `Preview on a ${color} ball` : ''}
          />
          <figcaption>
            {!svg.trim()
              ? 'The preview shows here.'
              : preview
                ? `On a ${color} ball`
                : 'This is not an SVG document the board can draw.'}
          </figcaption>
        </figure>
      </div>
      {(problem || upload.error) && (
        <Alert>{problem ?? errorMessage(upload.error, 'The icon could not be saved.')}</Alert>
      )}
      <SubmitButton pending={upload.isPending} pendingLabel="Uploading...">
        {`Save the ${color} icon`}
      </SubmitButton>
    </form>
  );
}
