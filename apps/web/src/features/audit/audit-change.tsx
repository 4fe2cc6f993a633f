import type { FieldLine } from '@ptt/contract';

/** A record's fields: before → after of a change, or the value a created or deleted record had. */
export const FieldList = ({ lines, testId }: { lines: FieldLine[]; testId?: string }) => (
  <dl className="audit-fields" data-testid={testId}>
    {lines.map((l) => (
      <div key={`${l.field}-${l.label}`} className="audit-field">
        <dt>{l.label}</dt>
        <dd>
          {l.before !== undefined && l.after !== undefined ? (
            <>
              <del>{l.before}</del> → <ins>{l.after}</ins>
            </>
          ) : (
            (l.after ?? l.before)
          )}
        </dd>
      </div>
    ))}
  </dl>
);
