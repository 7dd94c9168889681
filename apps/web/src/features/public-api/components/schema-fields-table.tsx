import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  componentAnchor,
  type FieldRow,
  type JsonSchema,
  type OpenApiDocument,
  schemaFields,
} from '../utils/openapi-model';

type SchemaFieldsTableProps = {
  doc: OpenApiDocument;
  schema: JsonSchema | undefined;
  /** Names the table for screen readers ("Fields of the 201 response"). */
  caption: string;
  /** Requests have required fields; in responses the same flag means the field is always present. */
  direction: 'request' | 'response';
};

/** An object schema's fields as a table: name, type, required, description with allowed values and bounds. */
export function SchemaFieldsTable({ doc, schema, caption, direction }: SchemaFieldsTableProps) {
  const rows = schemaFields(doc, schema);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No fields.</p>;
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Field</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>{direction === 'request' ? 'Required' : 'Present'}</TableHead>
          <TableHead>Description</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell className="align-top font-mono text-[0.8125rem] whitespace-nowrap">
              <span style={{ paddingLeft: `${row.depth}rem` }}>{row.name}</span>
            </TableCell>
            <TableCell className="align-top font-mono text-[0.8125rem] whitespace-nowrap text-slate-700">
              <TypeName type={row.type} componentName={row.componentName} />
            </TableCell>
            <TableCell className="align-top whitespace-nowrap">
              <Presence required={row.required} direction={direction} />
            </TableCell>
            <TableCell className="min-w-56 align-top text-slate-700">
              <FieldNotes
                description={row.description}
                enumValues={row.enumValues}
                constraints={row.constraints}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A type, linked to its component's table when it names one. */
export function TypeName({ type, componentName }: { type: string; componentName?: string }) {
  if (!componentName) return <>{type}</>;
  const [before, after] = type.split(componentName);
  return (
    <>
      {before}
      <a
        href={`#${componentAnchor(componentName)}`}
        className="font-medium text-primary underline underline-offset-4"
      >
        {componentName}
      </a>
      {after}
    </>
  );
}

export function Presence({ required, direction }: { required: boolean; direction: 'request' | 'response' }) {
  if (direction === 'response') {
    return required ? <span>Always</span> : <span className="text-muted-foreground">Optional</span>;
  }
  return required ? (
    <Badge variant="warning">Required</Badge>
  ) : (
    <span className="text-muted-foreground">Optional</span>
  );
}

/** A field's description, its allowed values and its bounds. */
export function FieldNotes({
  description,
  enumValues,
  constraints,
}: Pick<FieldRow, 'description' | 'enumValues' | 'constraints'>) {
  if (!description && !enumValues && constraints.length === 0) {
    return <span className="text-muted-foreground">—</span>;
  }
  return (
    <div className="grid gap-1">
      {description ? <p>{description}</p> : null}
      {enumValues ? (
        <p>
          <span className="text-muted-foreground">One of: </span>
          {enumValues.map((value, i) => (
            <span key={value}>
              {i > 0 ? ', ' : null}
              <code className="rounded bg-muted px-1 font-mono text-xs">{value}</code>
            </span>
          ))}
        </p>
      ) : null}
      {constraints.length > 0 ? <p className="text-muted-foreground">{constraints.join(' · ')}</p> : null}
    </div>
  );
}
