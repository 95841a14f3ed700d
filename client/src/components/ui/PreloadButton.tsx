// A button that opens something loaded on demand (a lazy dialog): its code is fetched as soon as the pointer or the
// focus reaches the button, so the dialog opens without a wait.
import { Button, type ButtonProps } from './Button';

export function PreloadButton({ preload, ...props }: ButtonProps & { preload: () => void }) {
  return <Button onMouseEnter={preload} onFocus={preload} {...props} />;
}
