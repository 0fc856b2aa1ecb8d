import type { ButtonHTMLAttributes, AnchorHTMLAttributes, ReactNode, Ref, MouseEvent } from 'react';
import { Link } from 'react-router';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Icon before the label; decorative. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

export interface ButtonAsButtonProps extends CommonProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof CommonProps> {
  /** Shows a spinner and ignores clicks while an action runs; keeps focus on the button. */
  loading?: boolean;
  to?: undefined;
  href?: undefined;
  ref?: Ref<HTMLButtonElement>;
}

/** In-app route (`to`, a router Link) or external/full-page URL (`href`, a plain anchor). */
type LinkTarget = { to: string; href?: undefined } | { href: string; to?: undefined };

export type ButtonAsLinkProps = CommonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof CommonProps | 'href'> &
  LinkTarget & {
    loading?: undefined;
    ref?: Ref<HTMLAnchorElement>;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

function classes(variant: ButtonVariant, size: ButtonSize, fullWidth: boolean | undefined, extra?: string) {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.fullWidth : '', extra ?? ''].filter(Boolean).join(' ');
}

/** The one button of the app; looks like a button whether it acts or navigates. */
export function Button(props: ButtonProps) {
  if (props.to !== undefined || props.href !== undefined) {
    const { variant = 'primary', size = 'md', fullWidth, icon, children, className, to, href, ref, ...rest } = props;
    const content = (
      <>
        {icon ? (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <span>{children}</span>
      </>
    );
    const cls = classes(variant, size, fullWidth, className);
    if (to !== undefined) {
      return (
        <Link to={to} className={cls} ref={ref} {...rest}>
          {content}
        </Link>
      );
    }
    return (
      <a href={href} className={cls} ref={ref} {...rest}>
        {content}
      </a>
    );
  }

  const { variant = 'primary', size = 'md', fullWidth, icon, children, className, loading, onClick, type = 'button', ref, ...rest } = props;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      ref={ref}
      className={classes(variant, size, fullWidth, className)}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? (
        <Spinner size="sm" />
      ) : icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span>{children}</span>
    </button>
  );
}
