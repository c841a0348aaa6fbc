import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { GST_STATES, OUTSIDE_INDIA, billingProblems, type BillingDetails as Billing } from '@upskill/domain/tax';
import { FormField } from '../../components/FormField';
import { failureMessage, fieldsOf } from '../../lib/api';
import { saveBilling, type PaymentCredentials } from './api';

interface Values {
  state: string;
  country: string;
  gstin: string;
  businessName: string;
}

const toBilling = (v: Values): Billing => {
  const abroad = v.state === OUTSIDE_INDIA;
  const gstin = v.gstin.trim() ? v.gstin.trim() : null;
  return {
    state: v.state,
    country: abroad ? v.country.trim() || null : null,
    gstin,
    businessName: gstin ? v.businessName.trim() || null : null,
  };
};

/** The same rules as the server (domain/tax.ts): format, checksum and the GSTIN's state. */
const resolver: Resolver<Values> = (values) => {
  const problems = billingProblems(toBilling(values));
  const errors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, { type: 'billing', message }]));
  return { values: Object.keys(errors).length ? {} : values, errors };
};

export interface BillingFormHandle {
  /** Validates and saves the details; resolves false (with the errors shown) when they cannot be saved. */
  save(): Promise<boolean>;
  /** Takes the buyer to the first field in error (focus, and the scroll it brings): once the form is enabled again. */
  focusFirstError(): void;
}

/**
 * Where the buyer is, for the GST invoice: the state decides CGST + SGST or IGST, "Outside India" makes
 * it a zero-rated export, and a business can add its GSTIN (checked here and on the server).
 */
export const BillingDetailsForm = forwardRef<
  BillingFormHandle,
  { record: EnrollmentRecord; credentials: PaymentCredentials; disabled: boolean }
>(function BillingDetailsForm({ record, credentials, disabled }, ref) {
  const saved = record.billing;
  const {
    register,
    watch,
    trigger,
    getValues,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      state: saved?.state ?? '',
      country: saved?.country ?? '',
      gstin: saved?.gstin ?? '',
      businessName: saved?.businessName ?? '',
    },
  });
  const state = watch('state');
  const gstin = watch('gstin');
  const fieldset = useRef<HTMLFieldSetElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      focusFirstError() {
        fieldset.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      },
      async save() {
        if (!(await trigger())) return false;
        try {
          await saveBilling(record.id, toBilling(getValues()), credentials);
          return true;
        } catch (err) {
          const fields = fieldsOf(err);
          const refused = (['state', 'country', 'gstin', 'businessName'] as const).filter((field) => fields[field]);
          for (const field of refused) setError(field, { message: fields[field] });
          if (!refused.length)
            setError('state', {
              message: failureMessage(err, 'We could not save your billing details. Please try again.'),
            });
          return false;
        }
      },
    }),
    [trigger, getValues, setError, record.id, credentials],
  );

  return (
    <fieldset ref={fieldset} className="billing" disabled={disabled}>
      <legend>Billing details for your GST invoice</legend>
      <FormField label="State or union territory" error={errors.state?.message}>
        <select {...register('state')} autoComplete="address-level1">
          <option value="">Choose…</option>
          {GST_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
          <option value={OUTSIDE_INDIA}>Outside India</option>
        </select>
      </FormField>
      {state === OUTSIDE_INDIA && (
        <FormField label="Country" error={errors.country?.message}>
          <input type="text" autoComplete="country-name" {...register('country')} />
        </FormField>
      )}
      <FormField
        label="GSTIN (optional, for businesses)"
        error={errors.gstin?.message}
        hint="15 characters, e.g. 29ABCDE1234F1Z5. Leave empty if you are buying for yourself."
      >
        <input type="text" autoCapitalize="characters" spellCheck={false} maxLength={20} {...register('gstin')} />
      </FormField>
      {gstin.trim() !== '' && (
        <FormField label="Registered business name" error={errors.businessName?.message}>
          <input type="text" autoComplete="organization" {...register('businessName')} />
        </FormField>
      )}
      <p className="muted">
        Prices include GST at 18%. Your tax invoice shows it as CGST and SGST in Karnataka, IGST elsewhere in India, and no GST outside
        India (an export).
      </p>
    </fieldset>
  );
});
