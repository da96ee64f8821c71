import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

/** A link to a landing-page section: scrolls smoothly when the section is on screen, else opens `/#id`. */
export function SectionLink({ id, children }: { id: string; children: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    if (id === 'home') window.scrollTo({ top: 0, behavior: 'smooth' });
    else section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    window.history.replaceState(window.history.state, '', `#${id}`);
  };
  return (
    <Link to={{ pathname: '/', hash: id }} onClick={onClick}>
      {children}
    </Link>
  );
}
