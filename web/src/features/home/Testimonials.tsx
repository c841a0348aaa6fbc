import { useKeenSlider } from 'keen-slider/react';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { prefersReducedMotion } from '../../lib/reducedMotion';
import { TESTIMONIALS } from './content';

const AUTOPLAY_MS = 4000;
const TRANSITION_MS = 600;

/** Testimonials slider: 4 visible (2 below 1024 px, 1 below 768 px), autoplay every 4 s, 600 ms slides. */
export default function Testimonials() {
  // The Pause button's choice is kept apart from the pause while pointer or focus is on the slider,
  // so leaving the slider never undoes an explicit Pause.
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = stopped || hovered || focused;
  const [current, setCurrent] = useState(0);
  const [sliderRef, slider] = useKeenSlider<HTMLUListElement>({
    loop: true,
    defaultAnimation: { duration: TRANSITION_MS },
    slides: { perView: 1, spacing: 16 },
    breakpoints: {
      '(min-width: 768px)': { slides: { perView: 2, spacing: 16 } },
      '(min-width: 1024px)': { slides: { perView: 4, spacing: 20 } },
    },
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });

  useEffect(() => {
    if (paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => slider.current?.next(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused, slider]);

  return (
    <div
      className="testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <ul ref={sliderRef} className="keen-slider testimonials__track" aria-label="Testimonials" aria-roledescription="carousel">
        {TESTIMONIALS.map((item, index) => (
          <li
            key={item.name}
            className="keen-slider__slide testimonial card"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${TESTIMONIALS.length}`}
          >
            <blockquote>
              <p>“{item.quote}”</p>
            </blockquote>
            <p className="testimonial__who">
              <strong>{item.name}</strong>
              <span className="muted">{item.role}</span>
            </p>
          </li>
        ))}
      </ul>
      <div className="carousel-controls">
        <button type="button" className="icon-btn" aria-label="Previous testimonial" onClick={() => slider.current?.prev()}>
          <Icon name="arrow" style={{ transform: 'rotate(180deg)' }} />
        </button>
        <span className="muted" aria-live="polite">
          {current + 1} / {TESTIMONIALS.length}
        </span>
        <button type="button" className="icon-btn" aria-label="Next testimonial" onClick={() => slider.current?.next()}>
          <Icon name="arrow" />
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setStopped((value) => !value)}>
          {stopped ? 'Play' : 'Pause'}
        </button>
      </div>
    </div>
  );
}
