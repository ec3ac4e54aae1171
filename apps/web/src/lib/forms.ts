import { useForm, type UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, failureText, type ApiResult } from './http';
import { contractValidator, type SchemaLoader } from './contract-validation';

export { contractValidator, lazySchema, type SchemaLoader } from './contract-validation';

export interface ContractFormOptions<Values extends Record<string, unknown>, Body, Data> {
  /**
   * The contract's body schema of the call the form makes, or its lazySchema. A submit before a lazy
   * schema has arrived waits for it; if it cannot come, the server's check alone answers.
   */
  schema: z.ZodType | SchemaLoader;
  initialValues: Values;
  /** The body sent for these values, when the fields are not the body as they are. */
  toBody?: (values: Values) => Body;
  /** Checks only the browser can make (a repeated password): field -> translation key; they win over the schema's. */
  rules?: (values: Values) => Record<string, string>;
  send: (body: Body) => Promise<ApiResult<Data>>;
  onSuccess?: (result: ApiResult<Data>, values: Values) => void;
  /** After the server refused or no answer came (the field messages are in place already). */
  onFailure?: (error: Error, values: Values) => void;
  /**
   * The body's field paths (`sections.0.title`) turned into the form's own error keys, for forms
   * whose rows move: a message keyed by the row stays next to it. Applied to the browser's check
   * and to the server's field messages alike.
   */
  mapErrors?: (values: Values, errors: Record<string, string>) => Record<string, string>;
  /**
   * Translation key shown as the failure when the browser's check stops a submit, for long forms
   * where the marked field may be out of sight (the server's own words for a refused body).
   */
  invalidMessage?: string;
  /** Translation key shown when no answer arrived at all (offline, server down). */
  networkFailure: string;
}

export interface ContractForm<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  /** For `<form onSubmit>`: checks first, sends once (a second submit while one is on its way does nothing). */
  onSubmit: ReturnType<UseFormReturnType<Values>['onSubmit']>;
  pending: boolean;
  /** The server's message (or the network fallback) when the last attempt failed. */
  failure: string | null;
  /** The last attempt's failure as it came (a refusal's status decides what follows). */
  error: Error | null;
  /** The server's message when the last attempt succeeded. */
  success: string | null;
  /** Forgets the last outcome (the messages), e.g. when the user starts over. */
  resetOutcome: () => void;
  /** For `<form onFocus>`: starts fetching a lazy schema as soon as someone starts using the form. */
  prepare: () => void;
}

/**
 * A form that sends one call of the contract. Values are checked in the browser with the same
 * schema the server uses, so most mistakes show at once in the same words; what only the server
 * can know (an email taken, a wrong password) comes back as field errors and lands on the same
 * fields. Busy, failed and sent are the mutation's state, not hand-kept flags.
 */
export function useContractForm<Values extends Record<string, unknown>, Data, Body = Values>(options: ContractFormOptions<Values, Body, Data>): ContractForm<Values> {
  const { t, i18n } = useTranslation();
  const toBody = options.toBody ?? ((values: Values) => values as unknown as Body);
  const mapErrors = options.mapErrors ?? ((_values: Values, errors: Record<string, string>) => errors);
  const load = options.schema;
  const loaded = useRef<z.ZodType | null>(null);
  const schema = typeof load === 'function' ? loaded.current : load;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => mapErrors(values, contractValidator(typeof load === 'function' ? loaded.current : load, toBody, (key, params) => t(key, params ?? {}), (key) => i18n.exists(key), options.rules)(values)),
  });
  // Set when the browser's check stopped the last submit; cleared by the next one.
  const [invalid, setInvalid] = useState(false);
  const mutation = useMutation({
    mutationFn: (values: Values) => options.send(toBody(values)),
    onSuccess: (result, values) => options.onSuccess?.(result, values),
    onError: (error, values) => {
      if (error instanceof ApiError && !error.network) form.setErrors(mapErrors(values, error.fieldErrors));
      options.onFailure?.(error, values);
    },
  });
  const submit = form.onSubmit(
    (values) => {
      setInvalid(false);
      if (!mutation.isPending) mutation.mutate(values);
    },
    () => {
      if (options.invalidMessage === undefined) return;
      mutation.reset();
      setInvalid(true);
    },
  );
  const onSubmit: ContractForm<Values>['onSubmit'] = (event) => {
    if (schema || typeof load !== 'function') return submit(event);
    event?.preventDefault();
    void load()
      .then((arrived) => {
        loaded.current = arrived;
      }, () => undefined)
      .then(() => submit());
  };
  return {
    form,
    onSubmit,
    pending: mutation.isPending,
    failure: invalid && options.invalidMessage ? t(options.invalidMessage) : mutation.error ? failureText(mutation.error, t(options.networkFailure)) : null,
    error: mutation.error,
    success: mutation.isSuccess ? mutation.data.message : null,
    resetOutcome: () => {
      setInvalid(false);
      mutation.reset();
    },
    prepare: () => {
      if (typeof load === 'function') void load().catch(() => undefined);
    },
  };
}
