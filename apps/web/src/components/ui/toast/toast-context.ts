import { createContext } from 'react';
import type { Tone } from '../notice';

export type ToastType = Tone;

export interface ToastOptions {
  type?: ToastType;
  message: string;
  /** How long it stays, in ms (TOAST_DEFAULT_MS when left out). */
  durationMs?: number;
}

export interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  durationMs: number;
}

export interface ToastApi {
  show(options: ToastOptions): number;
  success(message: string, durationMs?: number): number;
  error(message: string, durationMs?: number): number;
  warning(message: string, durationMs?: number): number;
  info(message: string, durationMs?: number): number;
  dismiss(id: number): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
