export { Toaster, TOAST_HOTKEY } from './toaster';
export {
  toast,
  dismissToast,
  useToasts,
  getToasts,
  resetToasts,
  TOAST_LIMIT,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast-store';
