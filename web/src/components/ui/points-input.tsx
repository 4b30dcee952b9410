import { Input, type InputProps } from './input.tsx';

/** A whole number of points, zero or more: the numeric keypad on phones, no fractions from the spinner. */
export function PointsInput(props: Omit<InputProps, 'type' | 'inputMode' | 'min' | 'step'>) {
  return <Input type="number" inputMode="numeric" min={0} step={1} {...props} />;
}
