import { Button, type ButtonProps } from 'antd';
import { Auth } from './auth.tsx';

export type PermiButtonProps = ButtonProps & {
  /** Any one of these permissions shows the button. */
  permi: readonly string[];
};

/** A button that is left out, not merely disabled, when the session lacks the permission. */
export function PermiButton({ permi, ...props }: PermiButtonProps) {
  return (
    <Auth permi={permi}>
      <Button {...props} />
    </Auth>
  );
}
