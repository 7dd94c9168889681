import { LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  type ApiOperation,
  componentNameOf,
  constraintsOf,
  curlExample,
  describeType,
  enumValues,
  type JsonSchema,
  jsonSchemaOf,
  type OpenApiDocument,
  type OpenApiParameter,
  requiredSchemes,
  resolveSchema,
  sortedResponses,
} from '../utils/openapi-model';
import { CodeSnippet } from './code-snippet';
import { MethodBadge } from './method-badge';
import { FieldNotes, Presence, SchemaFieldsTable, TypeName } from './schema-fields-table';

type OperationSectionProps = { doc: OpenApiDocument; op: ApiOperation; baseUrl: string };

/** One operation of the reference: what it does, who may call it, what it takes and what it answers. */
export function OperationSection({ doc, op, baseUrl }: OperationSectionProps) {
  const { operation } = op;
  const label = `${op.method.toUpperCase()} ${op.path}`;
  const parameters = operation.parameters ?? [];
  const bodySchema = jsonSchemaOf(operation.requestBody?.content);
  return (
    <section id={op.anchor} aria-labelledby={`${op.anchor}-title`} className="scroll-mt-24">
      <Card className="min-w-0">
        <CardHeader className="gap-3 p-4 pb-4 sm:p-6 sm:pb-4">
          <h3 id={`${op.anchor}-title`} className="flex flex-wrap items-center gap-2">
            <MethodBadge method={op.method} />{' '}
            <span className="font-mono text-base font-semibold break-all">{op.path}</span>
          </h3>
          {operation.summary ? <p className="font-semibold">{operation.summary}</p> : null}
          {operation.description ? (
            <p className="text-sm leading-relaxed text-slate-700">{operation.description}</p>
          ) : null}
          <AuthRequirement doc={doc} schemes={requiredSchemes(operation)} />
        </CardHeader>
        <CardContent className="grid min-w-0 gap-8 p-4 pt-0 sm:p-6 sm:pt-0">
          {parameters.length > 0 ? (
            <div className="grid gap-3">
              <h4 className="font-semibold">Parameters</h4>
              <ParametersTable doc={doc} parameters={parameters} caption={`Parameters of ${label}`} />
            </div>
          ) : null}
          {bodySchema ? (
            <div className="grid gap-3">
              <h4 className="font-semibold">
                Request body{' '}
                <span className="text-sm font-normal text-muted-foreground">
                  application/json{operation.requestBody?.required ? ', required' : ''}
                </span>
              </h4>
              <SchemaFieldsTable
                doc={doc}
                schema={bodySchema}
                caption={`Request body fields of ${label}`}
                direction="request"
              />
            </div>
          ) : null}
          <div className="grid gap-4">
            <h4 className="font-semibold">Responses</h4>
            {sortedResponses(operation).map(([status, response]) => {
              const schema = jsonSchemaOf(response.content);
              const headers = Object.keys(response.headers ?? {});
              return (
                <div key={status} className="grid gap-2">
                  <h5 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                    <Badge variant={statusVariant(status)} className="font-mono">
                      {status}
                    </Badge>
                    <span>{response.description}</span>
                  </h5>
                  {headers.length > 0 ? (
                    <p className="text-sm text-muted-foreground">
                      Headers:{' '}
                      {headers.map((h, i) => (
                        <span key={h}>
                          {i > 0 ? ', ' : null}
                          <code className="font-mono text-xs">{h}</code>
                        </span>
                      ))}
                    </p>
                  ) : null}
                  <ResponseBody
                    doc={doc}
                    schema={schema}
                    caption={`Fields of the ${status} response of ${label}`}
                  />
                </div>
              );
            })}
          </div>
          <div className="grid min-w-0 gap-3">
            <h4 className="font-semibold">Example request</h4>
            <CodeSnippet code={curlExample(doc, op, baseUrl)} label={`curl example for ${label}`} />
          </div>
        </CardContent>
      </Card>
    </section>
  );
}

/** A named component links to its one table; an inline schema gets its own. */
function ResponseBody({
  doc,
  schema,
  caption,
}: {
  doc: OpenApiDocument;
  schema?: JsonSchema;
  caption: string;
}) {
  if (!schema) return <p className="text-sm text-muted-foreground">No body.</p>;
  const component = schema.$ref ? componentNameOf(schema) : undefined;
  if (component) {
    return (
      <p className="text-sm text-slate-700">
        Body: <TypeName type={component} componentName={component} />
      </p>
    );
  }
  return <SchemaFieldsTable doc={doc} schema={schema} caption={caption} direction="response" />;
}

function AuthRequirement({ doc, schemes }: { doc: OpenApiDocument; schemes: string[] }) {
  if (schemes.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <LockKeyholeOpen className="size-4 text-muted-foreground" aria-hidden />
        Authentication: none (send your API key in the body)
      </p>
    );
  }
  const scheme = doc.components?.securitySchemes?.[schemes[0]];
  const kind = scheme?.scheme === 'bearer' ? 'Bearer token' : schemes.join(', ');
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <LockKeyhole className="size-4 text-primary" aria-hidden />
      Authentication: {kind} required
      <code className="hidden rounded bg-muted px-1 font-mono text-xs sm:inline">
        Authorization: Bearer &lt;token&gt;
      </code>
    </p>
  );
}

function ParametersTable({
  doc,
  parameters,
  caption,
}: {
  doc: OpenApiDocument;
  parameters: OpenApiParameter[];
  caption: string;
}) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>In</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Required</TableHead>
          <TableHead>Description</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {parameters.map((p) => {
          const values = enumValues(doc, p.schema);
          const constraints = constraintsOf(doc, p.schema);
          const description = p.description ?? resolveSchema(doc, p.schema).description;
          return (
            <TableRow key={`${p.in}-${p.name}`}>
              <TableCell className="align-top font-mono text-[0.8125rem] whitespace-nowrap">
                {p.name}
              </TableCell>
              <TableCell className="align-top text-slate-700">{p.in}</TableCell>
              <TableCell className="align-top font-mono text-[0.8125rem] text-slate-700">
                {describeType(doc, p.schema)}
              </TableCell>
              <TableCell className="align-top whitespace-nowrap">
                <Presence required={Boolean(p.required)} direction="request" />
              </TableCell>
              <TableCell className="min-w-56 align-top text-slate-700">
                <FieldNotes description={description} enumValues={values} constraints={constraints} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function statusVariant(status: string) {
  if (status.startsWith('2')) return 'success' as const;
  if (status.startsWith('4') || status.startsWith('5')) return 'destructive' as const;
  return 'secondary' as const;
}
