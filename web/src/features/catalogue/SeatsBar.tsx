/** The '% Seats Filled' bar of a card and of the course page. */
export function SeatsBar({ progress }: { progress: number }) {
  return (
    <div className="seats">
      <div className="seats__bar" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label="Seats filled">
        <span style={{ width: `${progress}%` }} />
      </div>
      <span className="seats__label">{progress}% Seats Filled</span>
    </div>
  );
}
