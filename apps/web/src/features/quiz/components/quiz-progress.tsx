/** How many questions have an answer: a bar with the same words for assistive technology. */
export function QuizProgress({ answered, total }: { answered: number; total: number }) {
  const text = `${answered} of ${total} answered`;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={text}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-sand-200"
      >
        <div
          className="h-full rounded-full bg-forest-700 transition-[width] duration-300"
          style={{ width: `${total === 0 ? 0 : (answered / total) * 100}%` }}
        />
      </div>
      <p className="shrink-0 text-sm font-medium text-ink-muted tabular-nums">{text}</p>
    </div>
  );
}
