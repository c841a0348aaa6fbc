import { describe, expect, it } from 'vitest';
import { contactAck } from './contact-ack';

const links = { site: 'https://upskill.example' };
const message = (replyBy?: string) =>
  ({ template: 'contact-ack', data: { fullName: 'Asha', message: 'When does the next batch start?', replyBy } }) as const;

describe('the contact acknowledgement', () => {
  it('says by when the reply is due, in India time, any day of the week', () => {
    expect(contactAck(message('2033-07-03T14:00:00.000Z'), links).text).toContain(
      'we reply within 24 hours, any day of the week: by Sun 3 Jul, 19:30 IST. Here is what you sent:',
    );
  });

  it('still renders a message queued before the reply clock, without a moment', () => {
    const text = contactAck(message(undefined), links).text;
    expect(text).toContain('we reply within 24 hours, any day of the week. Here is what you sent:');
    expect(contactAck(message('not a date'), links).text).toContain('any day of the week. Here is what you sent:');
  });
});
