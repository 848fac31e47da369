import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

/** The outcome of a form's last send: its text, and with an error the server's reason under it. */
export type FormStatus = {
  tone: 'success' | 'error';
  message: string;
  detail?: string | undefined;
} | null;

/** A form's last outcome (if any) and its submit button, on the right from 640 px on. */
export function FormFooter({
  status,
  saving,
  label,
}: {
  status: FormStatus;
  saving: boolean;
  label: string;
}) {
  return (
    <>
      {status ? (
        <Notice tone={status.tone}>
          {status.message}
          {status.tone === 'error' && status.detail ? (
            <span className="mt-1 block font-normal">{status.detail}</span>
          ) : null}
        </Notice>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          {label}
        </Button>
      </div>
    </>
  );
}
