import { UI_TEXTS } from "@mailsmith/shared";
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";

const inputBase =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-offset-1 disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50";

export function inputClasses(invalid?: boolean) {
  return `${inputBase} ${invalid ? "border-red-400 focus:border-red-500 focus:ring-red-500" : "border-slate-300 focus:border-brand-500 focus:ring-brand-500"}`;
}

type FieldProps = { label: string; error?: string; hint?: ReactNode };

/** What a field's control is wired with: its id, the note that describes it, and whether it is invalid. */
type ControlWiring = { id: string; "aria-invalid"?: true; "aria-describedby"?: string; className: string };

/** Label + one control + error or hint, wired for screen readers (TextField, SelectField). */
function LabelledControl({
  label,
  error,
  hint,
  id,
  className,
  control,
}: FieldProps & { id?: string; className: string; control: (wiring: ControlWiring) => ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({
        id: inputId,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        className: inputClasses(Boolean(error)),
      })}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Label + input + error text, wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(
  function TextField({ label, error, hint, id, className = "", ...props }, ref) {
    return (
      <LabelledControl
        {...{ label, error, hint, id, className }}
        control={(wiring) => <input ref={ref} {...wiring} {...props} />}
      />
    );
  },
);

/** Label + native select + error or hint, wired for screen readers (the options are the children). */
export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & FieldProps>(
  function SelectField({ label, error, hint, id, className = "", children, ...props }, ref) {
    return (
      <LabelledControl
        {...{ label, error, hint, id, className }}
        control={(wiring) => (
          <select ref={ref} {...wiring} {...props}>
            {children}
          </select>
        )}
      />
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function TextAreaField({ label, error, hint, id, className = "", ...props }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    return (
      <div className={className}>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={inputClasses(Boolean(error))}
          {...props}
        />
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-xs text-red-600">
            {error}
          </p>
        ) : hint ? (
          <p className="mt-1 text-xs text-slate-500">{hint}</p>
        ) : null}
      </div>
    );
  },
);

/**
 * A password input with a Show / Hide toggle. The toggle's name is its visible text, so
 * `getByLabel("Password")` still finds only the input.
 */
export const PasswordField = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & FieldProps
>(function PasswordField({ label, error, hint, id, className = "", ...props }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [shown, setShown] = useState(false);
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={shown ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClasses(Boolean(error))} pr-16`}
          {...props}
        />
        <button
          type="button"
          aria-pressed={shown}
          aria-controls={inputId}
          onClick={() => setShown((v) => !v)}
          className="absolute inset-y-1 right-1 rounded-md px-2.5 text-xs font-semibold text-brand-700 hover:bg-brand-50"
        >
          {shown ? UI_TEXTS.hide : UI_TEXTS.show}
        </button>
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});
