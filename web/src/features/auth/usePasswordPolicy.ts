import { useEffect, useState } from 'react';
import { loadAuthActions } from './loadAuthActions';
import { DEFAULT_MIN_PASSWORD } from '@upskill/domain/forms';

export interface PasswordPolicy {
  minLength: number;
  hint: string;
}

const DEFAULT_POLICY: PasswordPolicy = { minLength: DEFAULT_MIN_PASSWORD, hint: `At least ${DEFAULT_MIN_PASSWORD} characters.` };

/** The project's password policy when the SDK can fetch one; otherwise the default minimum of 6. */
export function usePasswordPolicy(): PasswordPolicy {
  const [policy, setPolicy] = useState(DEFAULT_POLICY);
  useEffect(() => {
    // The Auth emulator does not serve password policies (it answers 501): keep the default there.
    if (import.meta.env.VITE_AUTH_EMULATOR_URL) return;
    let cancelled = false;
    loadAuthActions()
      .then((actions) => actions.fetchPasswordPolicy())
      .then((options) => {
        const minLength = options.minPasswordLength ?? DEFAULT_MIN_PASSWORD;
        const rules = [`At least ${minLength} characters`];
        if (options.maxPasswordLength) rules.push(`at most ${options.maxPasswordLength}`);
        if (options.containsLowercaseLetter) rules.push('a lowercase letter');
        if (options.containsUppercaseLetter) rules.push('an uppercase letter');
        if (options.containsNumericCharacter) rules.push('a number');
        if (options.containsNonAlphanumericCharacter) rules.push('a symbol');
        if (!cancelled) setPolicy({ minLength, hint: `${rules.join(', ')}.` });
      })
      .catch(() => {
        // No policy configured (or the emulator does not serve one): keep the default.
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return policy;
}
