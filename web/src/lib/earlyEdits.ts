import { useEffect, useRef, type RefObject } from 'react';
import { isToggle } from './earlyInput';
import { isAppHydrated } from './useHydrated';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether the visitor changed the field since the page was served (typed, ticked, or picked another option). */
export function editedSinceServed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    const served = [...field.options].findIndex((option) => option.defaultSelected);
    return field.selectedIndex !== (served === -1 ? 0 : served);
  }
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** The named fields of a form the visitor changed since the page was served, by name. */
export function earlyEdits(form: HTMLFormElement): Record<string, string> {
  const edited: Record<string, string> = {};
  for (const element of form.elements) {
    const field = element as Field;
    if (!field.name || !('value' in field) || !editedSinceServed(field)) continue;
    edited[field.name] = field.value;
  }
  return edited;
}

/**
 * A prerendered form can be typed into before the page is hydrated. React keeps what is in the boxes
 * when it hydrates, but controlled fields' state still holds the served values, and the next render
 * would put those back. So when it is hydrated, the form hands what was edited early (named fields) to
 * `adopt`, once. A form the browser renders later (a route change) was never served: nothing to adopt.
 * (Uncontrolled react-hook-form fields need none of this: the form reads edited fields on registration.)
 */
export function useEarlyEdits(form: RefObject<HTMLFormElement | null>, adopt: (edited: Record<string, string>) => void): void {
  // The first render's callback: later edits reach the state through onChange.
  const onMount = useRef(adopt);
  useEffect(() => {
    if (!form.current || isAppHydrated()) return;
    const edited = earlyEdits(form.current);
    if (Object.keys(edited).length > 0) onMount.current(edited);
  }, [form]);
}
