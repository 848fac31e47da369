import { useContext } from 'react';
import { type ToastApi, ToastContext } from './toast-context';

/** Shows short messages in the corner: `useToast().success('Saved!')`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}
