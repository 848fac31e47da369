import {
  VERIFICATION_CRITERIA,
  VERIFICATION_LIMITS,
  type VerificationResponse,
  verificationFields,
} from '@leafline/contract/verification';
import BadgeCheck from 'lucide-react/icons/badge-check';
import { type FormEvent, useState } from 'react';
import { ImageFileField } from '@/components/forms/image-file-field';
import { Button } from '@/components/ui/button';
import { Notice, type Tone } from '@/components/ui/notice';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useRequestVerification, useVerification } from '../api/verification';
import { BUSINESS_SETTINGS_TEXTS } from '../lib/business-settings-texts';

const TEXTS = BUSINESS_SETTINGS_TEXTS.verification;

type NoteField = 'materials' | 'packaging' | 'certifications';

/**
 * How to get the Verified badge (issue 29, point 10): the criteria, where the brand's request
 * stands (being reviewed, declined with the reason, or verified), and its notes sent for review.
 */
export function VerificationPanel({ businessId }: { businessId: number }) {
  const query = useVerification(businessId);
  return (
    <section
      aria-labelledby="verification-heading"
      className="mt-8 flex flex-col gap-4 rounded-card border border-sand-300 bg-white/70 p-4 sm:p-6"
    >
      <h3 id="verification-heading" className="flex items-center gap-2 text-lg font-semibold">
        <BadgeCheck aria-hidden="true" className="size-5 text-forest-700" />
        {TEXTS.title}
      </h3>
      <p className="text-sm text-ink-muted">{TEXTS.intro}</p>
      <ul className="list-disc pl-5 text-sm">
        {VERIFICATION_CRITERIA.map((criterion) => (
          <li key={criterion}>{criterion}</li>
        ))}
      </ul>
      {query.isPending ? (
        <p className="text-sm text-ink-muted">{TEXTS.loading}</p>
      ) : query.isError ? (
        <Notice tone="error">{errorMessage(query.error, TEXTS.failed)}</Notice>
      ) : (
        <VerificationState businessId={businessId} state={query.data} />
      )}
    </section>
  );
}

/** Where the request stands, as a notice. */
function StateNotice({ tone, children }: { tone: Tone; children: string }) {
  return (
    <Notice tone={tone}>
      <span data-testid="verification-state">{children}</span>
    </Notice>
  );
}

function VerificationState({
  businessId,
  state,
}: {
  businessId: number;
  state: VerificationResponse;
}) {
  const request = state.request;
  if (state.verified) return <StateNotice tone="success">{TEXTS.verified}</StateNotice>;
  if (request?.status === 'pending') {
    return (
      <StateNotice tone="info">
        {TEXTS.pending(new Date(request.submitted_at).toLocaleDateString())}
      </StateNotice>
    );
  }
  return (
    <>
      {request?.status === 'declined' ? (
        <StateNotice tone="warning">{TEXTS.declined(request.reason ?? '')}</StateNotice>
      ) : null}
      <VerificationForm businessId={businessId} />
    </>
  );
}

function VerificationForm({ businessId }: { businessId: number }) {
  const send = useRequestVerification(businessId);
  const [notes, setNotes] = useState<Record<NoteField, string>>({
    materials: '',
    packaging: '',
    certifications: '',
  });
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<NoteField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = verificationFields.safeParse(notes);
    if (!checked.success) {
      const found: Partial<Record<NoteField, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as NoteField] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    const form = new FormData();
    for (const [name, value] of Object.entries(checked.data)) form.append(name, value);
    if (document) form.append('document', document, document.name);
    send.mutate(form, {
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
        setFailure(errorMessage(error, TEXTS.sendFailed));
      },
    });
  };
  const field = (name: NoteField, label: string, hint: string) => (
    <TextareaField
      label={label}
      hint={hint}
      rows={3}
      maxLength={VERIFICATION_LIMITS.notes}
      required={name !== 'certifications'}
      value={notes[name]}
      onChange={(event) => setNotes((all) => ({ ...all, [name]: event.target.value }))}
      error={errors[name]}
    />
  );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={onSubmit}
      noValidate
      aria-label={TEXTS.formLabel}
    >
      {field('materials', TEXTS.materials, TEXTS.materialsHint)}
      {field('packaging', TEXTS.packaging, TEXTS.packagingHint)}
      {field('certifications', TEXTS.certifications, TEXTS.certificationsHint)}
      <ImageFileField
        label={TEXTS.document}
        name="document"
        file={document}
        onChange={setDocument}
        hint={TEXTS.documentHint}
        shape="wide"
      />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? TEXTS.sending : TEXTS.send}
        </Button>
      </div>
    </form>
  );
}
