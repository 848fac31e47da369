/** Steps of a process as a numbered list of cards (how brands are vetted, how joining works). */
export function NumberedSteps({
  steps,
}: {
  steps: ReadonlyArray<{ title: string; text: string }>;
}) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2">
      {steps.map(({ title, text }, index) => (
        <li key={title} className="flex gap-4 rounded-card border border-sand-300 p-5">
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-clay-100 font-semibold text-clay-800"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="mt-1 leading-relaxed text-ink/90">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
