import { MAX_VARIANT_LEVELS } from '@kasuwa/contracts/limits';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { VariantAction } from '@/features/products/variant-builder';
import { Button } from '@/ui/button';
import { ChipsInput } from '@/ui/chips-input';
import { Input } from '@/ui/input';

let optionCount = 0;
const newOptionId = () => `option-${Date.now().toString(36)}-${(optionCount++).toString(36)}`;

/** One option (its name and values) as the seller edits it; deleting it deletes the options after it. */
export function OptionEditor({
  level,
  name,
  values,
  hasLower,
  dispatch,
}: {
  level: 1 | 2 | 3;
  name: string;
  values: string[];
  hasLower: boolean;
  dispatch: (action: VariantAction) => void;
}) {
  const [text, setText] = useState(name);
  useEffect(() => setText(name), [name]);
  return (
    <fieldset className="flex flex-col gap-3 rounded-control border border-line p-3">
      <legend className="px-1 font-semibold text-ink text-sm">
        Option {level}: {name}
      </legend>
      <Input
        label="Option name"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text.trim()) dispatch({ type: 'renameOption', level, name: text });
          else setText(name);
        }}
      />
      <ChipsInput
        label="Values"
        itemName={`${name} value`}
        values={values}
        maxItems={50}
        hint="Press Enter or a comma after each value."
        onChange={(next) => dispatch({ type: 'setOptionValues', level, values: next })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="ghost"
          size="sm"
          className="text-danger-700"
          onClick={() => dispatch({ type: 'removeOption', level })}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete option<span className="sr-only"> {name}</span>
        </Button>
        {hasLower && <p className="text-ink-muted text-xs">Deleting it also deletes the options after it.</p>}
      </div>
    </fieldset>
  );
}

/** The closed 'Add option' button, or the form of a new option with its first values. */
export function NewOption({ level, dispatch }: { level: number; dispatch: (action: VariantAction) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <Plus className="size-4" aria-hidden />
          {level === 1 ? 'Add option' : 'Add another option'}
        </Button>
        {level === 1 && (
          <p className="mt-2 text-ink-muted text-sm">
            Options such as colour, size or material, up to {MAX_VARIANT_LEVELS}.
          </p>
        )}
      </div>
    );
  }

  const add = (pending: string[]) => {
    if (!name.trim()) return setProblem('Give the option a name, e.g. Colour');
    if (pending.length === 0) return setProblem('Add at least one value, e.g. Red');
    dispatch({
      type: 'addOption',
      option: { id: newOptionId(), name: name.trim(), values: pending },
    });
    setOpen(false);
    setName('');
    setValues([]);
    setProblem(null);
  };

  return (
    <fieldset
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-control border border-brand-200 bg-brand-50/40 p-3"
    >
      <p id={headingId} className="font-semibold text-ink text-sm">
        New option {level}
      </p>
      <Input
        label="Option name"
        value={name}
        maxLength={100}
        placeholder="e.g. Colour"
        onChange={(event) => setName(event.target.value)}
      />
      <ChipsInput
        label="Values"
        itemName="value"
        values={values}
        maxItems={50}
        placeholder="e.g. Red, Blue"
        hint="Press Enter or a comma after each value."
        onChange={setValues}
      />
      {problem && (
        <p role="alert" className="font-medium text-danger-600 text-sm">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => add(values)}>Add option</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setOpen(false);
            setProblem(null);
          }}
        >
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
