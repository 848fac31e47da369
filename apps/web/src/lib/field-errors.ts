/** What a schema's `safeParse` answers, read structurally (the web app does not import zod). */
interface ParseResult {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
}

/** The first message of each field of a failed parse: `{ email: 'Enter a valid email address.' }`. */
export function fieldErrorsOf(result: ParseResult): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
