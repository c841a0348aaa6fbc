import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { COMPANY, CONTACT_COURSES, PRIVACY_REQUEST_TOPIC } from '@upskill/domain/common';
import type { ContactAnswer } from '@upskill/domain/enrollment';
import type { ContactInput } from '@upskill/domain/forms';
import { FormField } from '../../components/FormField';
import { Icon } from '../../components/Icon';
import { ApiError, apiRequest } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { lazyResolver } from '../../lib/lazyResolver';

const validation = lazyResolver(() => import('./contactResolver').then((m) => m.contactResolver));

const EMPTY: ContactInput = { fullName: '', email: '', mobile: '', courseInterest: '', message: '', website: '' };

export default function ContactPage() {
  useDocumentMeta(
    'Contact us',
    'Questions about courses, plans or payments? Write to the Upskill team in Bengaluru and New York; we reply within 24 hours.',
  );
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: validation.resolver, defaultValues: EMPTY });

  const onValid = async (values: ContactInput) => {
    setFailed(false);
    // Bots fill the hidden field; people never see it. Pretend success and send nothing.
    if (values.website) {
      setSent(true);
      return;
    }
    const { website: _honeypot, ...message } = values;
    try {
      await apiRequest<ContactAnswer>('/api/contact', { method: 'POST', body: message });
      reset(EMPTY);
      setSent(true);
    } catch (err) {
      setFailed(true);
      // The server validates with the same schema; should it still refuse a field, say which.
      if (err instanceof ApiError) {
        const refused = Object.entries(err.fields).filter(([field]) => field in EMPTY);
        refused.forEach(([field, text], index) => setError(field as keyof ContactInput, { message: text }, { shouldFocus: index === 0 }));
      }
    }
  };

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Contact us</h1>
          <p>Questions about a course, a plan or your enrollment? Send us a message and we will get back to you.</p>
        </div>
      </section>
      <section className="section">
        <div className="container enroll">
          <aside className="card">
            <h2>Reach us directly</h2>
            <ul className="plan__features">
              {COMPANY.phones.map((phone) => (
                <li key={phone.href}>
                  <Icon name="phone" size={18} /> <a href={phone.href}>{phone.display}</a> ({phone.label})
                </li>
              ))}
              <li>
                <Icon name="mail" size={18} /> <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </li>
              {COMPANY.offices.map((office) => (
                <li key={office.city}>
                  <Icon name="pin" size={18} />
                  <address>
                    <strong>{office.city}</strong>
                    <br />
                    {office.lines.join(', ')}
                  </address>
                </li>
              ))}
            </ul>
          </aside>
          <div className="card">
            {sent ? (
              <div role="status" className="thanks">
                <h2>Thank you for reaching out!</h2>
                <p>We have received your message and will reply within 24 hours.</p>
                <button type="button" className="btn btn--primary" onClick={() => setSent(false)}>
                  Send Another Message
                </button>
              </div>
            ) : (
              <form noValidate onSubmit={handleSubmit(onValid)} onFocus={validation.preload} onPointerDown={validation.preload}>
                <h2>Send us a message</h2>
                {failed && (
                  <p className="status status--error" role="alert">
                    We could not send your message. Please check your connection and try again; your text is still here.
                  </p>
                )}
                <FormField label="Full Name" error={errors.fullName?.message}>
                  <input className="input" autoComplete="name" {...register('fullName')} />
                </FormField>
                <FormField label="Email" error={errors.email?.message}>
                  <input className="input" type="email" autoComplete="email" {...register('email')} />
                </FormField>
                <FormField label="Mobile" error={errors.mobile?.message}>
                  <input className="input" type="tel" autoComplete="tel" {...register('mobile')} />
                </FormField>
                <FormField
                  label="Course of interest (optional)"
                  hint={`For a request about your personal data, choose ${PRIVACY_REQUEST_TOPIC}: our grievance officer answers it.`}
                  error={errors.courseInterest?.message}
                >
                  <select className="input" {...register('courseInterest')}>
                    <option value="">Select a course</option>
                    {CONTACT_COURSES.map((course) => (
                      <option key={course}>{course}</option>
                    ))}
                    <option>{PRIVACY_REQUEST_TOPIC}</option>
                  </select>
                </FormField>
                <FormField label="Message" error={errors.message?.message}>
                  <textarea className="input" rows={5} {...register('message')} />
                </FormField>
                <div className="honeypot" aria-hidden="true">
                  <label htmlFor="contact-website">Website</label>
                  <input id="contact-website" tabIndex={-1} autoComplete="off" {...register('website')} />
                </div>
                <p className="muted form-note">We e-mail you a copy to confirm we have your message, and reply within 24 hours.</p>
                <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
                  {isSubmitting ? 'Sending...' : 'Send Message'}
                </button>
              </form>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
