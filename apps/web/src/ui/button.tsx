import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Spinner } from '@/ui/spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'border border-line-strong bg-surface text-ink hover:bg-canvas active:bg-line',
  ghost: 'text-ink hover:bg-ink/5 active:bg-ink/10',
  danger: 'bg-danger-600 text-white shadow-sm hover:bg-danger-700',
};

// Every size keeps at least a 40 px touch target; md and lg meet the 44 px guideline.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-10 px-3 text-sm gap-1.5',
  md: 'min-h-11 px-4 text-sm gap-2',
  lg: 'min-h-12 px-6 text-base gap-2',
};

/** The button look for things that are not buttons, e.g. a router <Link> that should read as an action. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
} = {}): string {
  return clsx(
    'inline-flex select-none items-center justify-center rounded-control font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner next to the label and blocks repeat presses while an action runs. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={clsx(buttonClasses({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}
