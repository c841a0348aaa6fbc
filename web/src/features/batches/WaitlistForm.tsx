import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { waitlistSchema, type WaitlistInput } from '@upskill/domain/forms';
import { FormField } from '../../components/FormField';
import { ApiError } from '../../lib/api';
import { joinWaitlist } from './api';

/** Joins a full batch's waitlist: the first free seat is offered by mail, held 24 hours. */
export function WaitlistForm({
  batchId,
  label,
  defaults,
  plan,
}: {
  batchId: string;
  label: string;
  defaults?: Partial<WaitlistInput>;
  plan?: string;
}) {
  const [done, setDone] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistInput>({
    resolver: yupResolver(waitlistSchema),
    defaultValues: { name: defaults?.name ?? '', email: defaults?.email ?? '', phone: defaults?.phone ?? '' },
  });
  if (done) {
    return (
      <p className="status status--success" role="status">
        You are on the waitlist for {label}. When a seat frees, we e-mail you a link that holds it for you for 24 hours.
      </p>
    );
  }
  return (
    <form
      className="waitlist"
      noValidate
      aria-label={`Join the waitlist for ${label}`}
      onSubmit={handleSubmit(async (values) => {
        setAlert(null);
        try {
          await joinWaitlist(batchId, {
            name: values.name.trim(),
            email: values.email.trim(),
            phone: values.phone.trim(),
            ...(plan ? { plan } : {}),
          });
          setDone(true);
        } catch (err) {
          setAlert(err instanceof ApiError && err.status === 429 ? err.message : 'We could not add you to the waitlist. Please try again.');
        }
      })}
    >
      <h3>Join the waitlist</h3>
      {alert && (
        <p className="status status--error" role="alert">
          {alert}
        </p>
      )}
      <FormField label="Full name" error={errors.name?.message}>
        <input className="input" autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="E-mail" error={errors.email?.message}>
        <input className="input" type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField label="Phone" hint="10 digits, e.g. 9876543210" error={errors.phone?.message}>
        <input className="input" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={10} {...register('phone')} />
      </FormField>
      <button type="submit" className="btn btn--secondary" disabled={isSubmitting}>
        {isSubmitting ? 'Joining...' : 'Join the waitlist'}
      </button>
    </form>
  );
}
