import { TUTORIAL_SLIDES } from '@coffer/core';
import { useState } from 'react';
import { TUTORIAL_CONTENT } from './tutorial-slides.js';

/** The tutorial: three slides with Previous, Next (Finish on the last) and dots to jump. */
export function TutorialCarousel({ onFinish, finishing }: { onFinish: () => void; finishing: boolean }) {
  const [index, setIndex] = useState(0);
  const slides = TUTORIAL_CONTENT.slice(0, TUTORIAL_SLIDES);
  const slide = slides[index] ?? slides[0];
  const last = index === slides.length - 1;
  if (!slide) return null;
  return (
    <section className="tutorial" aria-roledescription="carousel" aria-label="Tutorial">
      <section
        key={slide.id}
        className="tutorial__slide welcome-fade"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${slides.length}`}
      >
        <h2 className="tutorial__title">{slide.title}</h2>
        {slide.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {slide.keys ? (
          <dl className="tutorial__keys">
            {slide.keys.map(([keys, action]) => (
              <div key={keys} className="tutorial__key">
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{action}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>
      <div className="tutorial__dots">
        {slides.map((item, dot) => (
          <button
            key={item.id}
            type="button"
            className="tutorial__dot"
            aria-label={`Slide ${dot + 1}`}
            aria-current={dot === index ? 'step' : undefined}
            onClick={() => setIndex(dot)}
          />
        ))}
      </div>
      <div className="tutorial__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={index === 0}
          onClick={() => setIndex((current) => Math.max(0, current - 1))}
        >
          Previous
        </button>
        {last ? (
          <button type="button" className="button button--primary" disabled={finishing} onClick={onFinish}>
            Finish
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setIndex((current) => Math.min(slides.length - 1, current + 1))}
          >
            Next
          </button>
        )}
      </div>
    </section>
  );
}
