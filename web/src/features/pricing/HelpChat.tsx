import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';

/** The floating "Chat with us" button and the help panel it opens: where to ask, browse or read. */
export function HelpChat() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="chat">
      {open && (
        <div className="chat__panel card" id={id} role="dialog" aria-label="Talk to us">
          <h2>Questions about plans?</h2>
          <p className="muted">We reply within 24 hours, usually much sooner.</p>
          <ul>
            <li>
              <Link to={paths.contact}>Send us a message</Link>
            </li>
            <li>
              <Link to={paths.help}>Browse the Help Centre</Link>
            </li>
            <li>
              <Link to={paths.faq}>Read the FAQ</Link>
            </li>
          </ul>
        </div>
      )}
      <button type="button" className="btn btn--primary chat__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <Icon name={open ? 'close' : 'chat'} /> {open ? 'Close' : 'Chat with us'}
      </button>
    </div>
  );
}
