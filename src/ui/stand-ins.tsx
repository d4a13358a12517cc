import { startTransition, useEffect, useRef, useState, type CSSProperties } from 'react';
import './stand-ins.css';

// The filter bar's PrimeReact widgets (dropdowns, the range calendar, the buttons, the paginator) are about half of
// the first records screen's render on a cold start, and the top bar's are part of the shell's. The first
// such screen of a page paints with plain markup in their place, with PrimeReact's classes and so the same size, and
// mounts the widgets in the next task after that paint (closed popups, which show nothing, mount then too). The
// stand-ins are inert and hidden from assistive technology: nothing can be clicked or read in the frame or two they
// are on screen, and tests wait for the real widgets.

/** A hook for one part of the screen (the table screens' filter bar, the top bar): whether it shows its real widgets;
 * at once once that part has shown them in this page, else in the task after its first paint (`painted`: its first
 * render with content is committed) and after `until`, if given. */
export interface WidgetsHook {
  (painted: boolean): boolean;
  /** Mounts the widgets now, before `until`. */
  now(): void;
  /** Handlers for the element of their part of the screen: a pointer or the focus coming to it mounts them now. */
  wakeOn: { onPointerEnter: () => void; onFocus: () => void };
}

export function afterFirstPaint(until?: () => Promise<void>): WidgetsHook {
  let shown = false;
  const waiting = new Set<(ready: boolean) => void>();
  // on their own, in a transition: React renders them in slices between frames (the filter bar's took 40-85 ms in one
  // task right after the first screen, and a scroll or a keystroke then waited for it); asked for by the user (a
  // pointer, the focus, a click on a stand-in), at once
  const show = (urgent: boolean) => {
    shown = true;
    const mount = () => waiting.forEach((set) => set(true));
    if (urgent) mount();
    else startTransition(mount);
  };
  const hook = function useWidgetsAfterFirstPaint(painted: boolean): boolean {
    const [ready, setReady] = useState(shown);
    useEffect(() => {
      if (ready) return;
      waiting.add(setReady);
      if (!painted) return () => void waiting.delete(setReady);
      // the frame that paints the commit runs this callback before painting; the task after it runs after the paint
      let timer = 0;
      let frame = 0;
      let live = true;
      void (until?.() ?? Promise.resolve()).then(() => {
        if (live) frame = requestAnimationFrame(() => (timer = window.setTimeout(() => show(false))));
      });
      return () => {
        live = false;
        waiting.delete(setReady);
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }, [ready, painted]);
    return ready;
  };
  // (also while a transition that mounts them is pending: a stream of updates can keep putting it off)
  let asked = false;
  const now = () => void (asked || ((asked = true), show(true)));
  return Object.assign(hook, { now, wakeOn: { onPointerEnter: now, onFocus: now } });
}

/** Opens a popup that mounts with its part's widgets: at once when they are there, else once they have mounted (the
 * click that asked mounts them), so a click in the moment before is not lost. */
export function useOpenOnceMounted(widgets: WidgetsHook, ready: boolean): (open: () => void) => void {
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    const open = pending.current;
    pending.current = null;
    if (ready && open) open();
  }, [ready]);
  return (open) => {
    if (ready) return open();
    pending.current = open;
    widgets.now();
  };
}

const CHEVRON =
  'M7.01744 10.398C6.91269 10.3985 6.8089 10.378 6.71215 10.3379C6.61541 10.2977 6.52766 10.2386 6.45405 10.1641L1.13907 4.84913C1.03306 4.69404 0.985221 4.5065 1.00399 4.31958C1.02276 4.13266 1.10693 3.95838 1.24166 3.82747C1.37639 3.69655 1.55301 3.61742 1.74039 3.60402C1.92777 3.59062 2.11386 3.64382 2.26584 3.75424L7.01744 8.47394L11.769 3.75424C11.9189 3.65709 12.097 3.61306 12.2748 3.62921C12.4527 3.64535 12.6199 3.72073 12.7498 3.84328C12.8797 3.96582 12.9647 4.12842 12.9912 4.30502C13.0177 4.48162 12.9841 4.662 12.8958 4.81724L7.58083 10.1322C7.50996 10.2125 7.42344 10.2775 7.32656 10.3232C7.22968 10.3689 7.12449 10.3944 7.01744 10.398Z';

const Icon = ({ d, className }: { d: string; className: string }) => (
  <svg width="14" height="14" viewBox="0 0 14 14" fill="none" className={className}>
    <path d={d} fill="currentColor" />
  </svg>
);

/** A closed Dropdown: its label (the chosen option's, or the placeholder) and its trigger. */
export function DropdownStandIn({
  label,
  placeholder,
  clearable,
  className,
  style,
}: {
  label: string | null;
  placeholder: string;
  clearable?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <div
      className={`stand-in p-dropdown p-component p-inputwrapper${className ? ` ${className}` : ''}${clearable ? ' p-dropdown-clearable' : ''}${label === null ? '' : ' p-inputwrapper-filled'}`}
      style={style}
      aria-hidden
      inert
    >
      <span className={`p-dropdown-label p-inputtext${label === null ? ' p-placeholder' : ''}`}>
        {label ?? placeholder}
      </span>
      <div className="p-dropdown-trigger">
        <Icon d={CHEVRON} className="p-icon p-dropdown-trigger-icon" />
      </div>
    </div>
  );
}

/** The range Calendar with its icon button, closed (its month grid is what costs). */
export function CalendarStandIn({ text }: { text: string }) {
  return (
    <span
      className="stand-in p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right"
      aria-hidden
      inert
    >
      <input className="p-inputtext p-component" readOnly value={text} tabIndex={-1} />
      <button className="p-datepicker-trigger p-button p-component p-button-icon-only" type="button" tabIndex={-1}>
        <span className="p-button-icon p-c pi pi-calendar" />
        <span className="p-button-label p-c">&nbsp;</span>
      </button>
    </span>
  );
}

/** A labelled Button with its icon. */
export function ButtonStandIn({
  icon,
  label,
  severity,
  className,
}: {
  icon: string;
  label: string;
  severity?: 'secondary' | 'help' | 'text';
  className?: string;
}) {
  return (
    <button
      className={`stand-in p-button p-component${severity ? ` p-button-${severity}` : ''}${className ? ` ${className}` : ''}`}
      type="button"
      tabIndex={-1}
      aria-hidden
      inert
    >
      <span className={`p-button-icon p-c p-button-icon-left ${icon}`} />
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}

/** The Paginator on its first page, as tall as the real one (its rows-per-page dropdown sets the height). */
export function PaginatorStandIn({ pageSize }: { pageSize: number }) {
  return (
    <div className="stand-in p-paginator p-component" aria-hidden inert>
      <span className="p-paginator-pages">
        <button type="button" className="p-paginator-page p-paginator-element p-link p-highlight" tabIndex={-1}>
          1
        </button>
      </span>
      <DropdownStandIn label={String(pageSize)} placeholder="" />
    </div>
  );
}
