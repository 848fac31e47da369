/** The description's paragraphs: the blocks between its blank lines. */
function paragraphsOf(description: string): string[] {
  return description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The product's description, paragraph by paragraph. */
export function ProductDescription({ description }: { description: string }) {
  const paragraphs = paragraphsOf(description);
  return (
    <section aria-labelledby="description-heading" className="border-t border-sand-300 pt-6">
      <h2 id="description-heading" className="text-xl font-semibold">
        Description
      </h2>
      <div className="mt-3 flex flex-col gap-3 leading-relaxed text-ink/90">
        {paragraphs.length > 0 ? (
          paragraphs.map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, fixed order
            <p key={i} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))
        ) : (
          <p className="text-ink-muted">This brand has not added a description yet.</p>
        )}
      </div>
    </section>
  );
}
