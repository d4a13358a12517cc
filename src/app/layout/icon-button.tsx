import type { ButtonHTMLAttributes } from 'react';

/** PrimeReact's rounded icon-only text button as plain markup (the same classes, so the same look): the top bar has
 * eight, and PrimeReact's Button merges its pass-through props on every render, which cost ~1-2 ms each on the
 * console's first render, between the login answer and the first page. */
export function IconButton({
  icon,
  label,
  className,
  ...rest
}: { icon: string; label: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'>) {
  return (
    <button
      type="button"
      aria-label={label}
      className={`p-button p-component p-button-icon-only p-button-text p-button-rounded${className ? ` ${className}` : ''}`}
      {...rest}
    >
      <span className={`p-button-icon p-c ${icon}`} />
      <span className="p-button-label p-c">&nbsp;</span>
    </button>
  );
}
