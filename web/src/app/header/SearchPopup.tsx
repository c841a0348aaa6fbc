import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { coursesPath } from '../../config/paths';

interface Props {
  id: string;
  /** Closes the popup; `restoreFocus` returns focus to the button that opened it. */
  onClose: (restoreFocus: boolean) => void;
}

/** The header's search box: submits to the catalogue's ?q= search; Escape or the close icon dismiss it. */
export function SearchPopup({ id, onClose }: Props) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onClose(false);
    navigate(coursesPath({ q }));
  };
  return (
    <div className="search-popup" id={id} role="search">
      <form onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onClose(true)}>
        <label className="visually-hidden" htmlFor={`${id}-input`}>
          Search courses
        </label>
        <input id={`${id}-input`} name="q" type="search" placeholder="Search courses, topics..." autoFocus autoComplete="off" />
        <button type="submit" className="btn btn--primary btn--sm">
          Search
        </button>
        <button type="button" className="icon-btn" aria-label="Close search" onClick={() => onClose(true)}>
          <Icon name="close" />
        </button>
      </form>
    </div>
  );
}
