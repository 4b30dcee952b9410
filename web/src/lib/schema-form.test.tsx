import { TEXT } from '@swapyard/contract';
import { loginBody, resetPasswordBody } from '@swapyard/contract/auth';
import { act } from 'react';
import { expect, it, vi } from 'vitest';
import { rootPerTest } from '../test/mounted.tsx';
import { lazySchema, useSchemaForm, type LazySchema } from './schema-form.ts';

const { host, render } = rootPerTest();

function Form<T>({ schema, onValid, fixed }: { schema: LazySchema<T>; onValid: (values: T) => void; fixed?: Record<string, unknown> }) {
  const { errors, formProps } = useSchemaForm(schema, onValid, fixed);
  return (
    <form noValidate onFocus={formProps.onFocus} onChange={formProps.onChange} onSubmit={(event) => void formProps.onSubmit(event)}>
      {['email', 'password', 'confirmPassword'].map((name) => (
        <label key={name}>
          {name}
          <input name={name} aria-label={name} />
          {errors[name] && <span role="alert">{errors[name]}</span>}
        </label>
      ))}
      <input type="checkbox" name="remember" aria-label="remember" />
      <button type="submit">Send</button>
    </form>
  );
}

const field = (name: string) => host().querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const messages = () => [...host().querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);

/** Settles the schema's download and the check it starts. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function type(name: string, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field(name), text);
  field(name).dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}

async function submit() {
  act(() => host().querySelector('button')!.click());
  await settle();
}

it('refuses a form with the first complaint about each field, focuses the first refused field, and sends nothing', async () => {
  const onValid = vi.fn();
  await render(<Form schema={lazySchema(async () => loginBody)} onValid={onValid} />);

  await submit();

  expect(messages()).toEqual([TEXT.account.emailInvalid, TEXT.account.passwordRequired]);
  expect(document.activeElement).toBe(field('email'));
  expect(onValid).not.toHaveBeenCalled();
});

it('after a refused submit, a field made right loses its message as it is typed, and the others keep theirs', async () => {
  await render(<Form schema={lazySchema(async () => loginBody)} onValid={vi.fn()} />);
  await submit();

  await type('email', 'sam@example.com');

  expect(messages()).toEqual([TEXT.account.passwordRequired]);
});

it('sends the schema output: trimmed, and the ticked box as true', async () => {
  const onValid = vi.fn();
  await render(<Form schema={lazySchema(async () => loginBody)} onValid={onValid} />);
  await type('email', '  sam@example.com ');
  await type('password', 'secret');
  act(() => field('remember').click());

  await submit();

  expect(messages()).toEqual([]);
  expect(onValid).toHaveBeenCalledWith({ email: 'sam@example.com', password: 'secret', remember: true });
});

it('checks and sends the values the member does not type with the typed ones', async () => {
  const onValid = vi.fn();
  await render(<Form schema={lazySchema(async () => resetPasswordBody)} onValid={onValid} fixed={{ token: 'reset-token' }} />);
  await type('password', 'a long password');
  await type('confirmPassword', 'a long password');

  await submit();

  expect(onValid).toHaveBeenCalledWith({ token: 'reset-token', password: 'a long password', confirmPassword: 'a long password' });
});

it('a schema whose download failed is fetched again on the next try', async () => {
  const load = vi.fn<() => Promise<typeof loginBody>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loginBody);
  const schema = lazySchema(load);

  schema.preload();
  await settle();
  await expect(schema.load()).resolves.toBe(loginBody);
  expect(load).toHaveBeenCalledTimes(2);
});
