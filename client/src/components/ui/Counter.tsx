// A text field's character counter ("120/250", red once over): the hint under a message, reason or review box.
export function Counter({ length, max }: { length: number; max: number }) {
  return <span className={length > max ? 'counter counter--over' : 'counter'}>{`${length}/${max}`}</span>;
}
