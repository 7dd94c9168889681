import { Fragment, useEffect } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import {
  componentAnchor,
  groupOperations,
  type OpenApiDocument,
  requiredSchemes,
} from '../utils/openapi-model';
import { MethodBadge } from './method-badge';
import { OperationSection } from './operation-section';
import { SchemaFieldsTable } from './schema-fields-table';

const OVERVIEW_ANCHOR = 'overview';
const SCHEMAS_ANCHOR = 'schemas';

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The whole reference rendered from the OpenAPI document: a table of contents, the overview, each operation. */
export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const groups = groupOperations(doc);
  const baseUrl = doc.servers?.[0]?.url ?? window.location.origin;
  const components = Object.entries(doc.components?.schemas ?? {});
  // A link to an operation (/api/docs#put-api-v1-listings-id) lands on it once the document has loaded.
  useEffect(() => {
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView();
  }, []);
  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav
        aria-label="On this page"
        className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto"
      >
        <p className="text-sm font-semibold text-muted-foreground">On this page</p>
        <ul className="mt-3 grid gap-1 text-sm">
          <li>
            <a
              href={`#${OVERVIEW_ANCHOR}`}
              className="block rounded px-2 py-1 hover:bg-surface hover:text-primary"
            >
              Overview
            </a>
          </li>
          {groups.map((group) => (
            <li key={group.tag}>
              <a
                href={`#${tagAnchor(group.tag)}`}
                className="block rounded px-2 py-1 font-medium hover:bg-surface hover:text-primary"
              >
                {group.tag}
              </a>
              <ul className="grid gap-1 pl-2">
                {group.operations.map((op) => (
                  <li key={op.anchor}>
                    <a
                      href={`#${op.anchor}`}
                      className="flex items-center gap-2 rounded px-2 py-1 hover:bg-surface hover:text-primary"
                    >
                      <MethodBadge method={op.method} className="w-14 shrink-0" />{' '}
                      <span className="min-w-0 font-mono text-xs break-all">{op.path}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {components.length > 0 ? (
            <li>
              <a
                href={`#${SCHEMAS_ANCHOR}`}
                className="block rounded px-2 py-1 font-medium hover:bg-surface hover:text-primary"
              >
                Schemas
              </a>
              <ul className="grid gap-1 pl-2">
                {components.map(([name]) => (
                  <li key={name}>
                    <a
                      href={`#${componentAnchor(name)}`}
                      className="block rounded px-2 py-1 font-mono text-xs hover:bg-surface hover:text-primary"
                    >
                      {name}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ) : null}
        </ul>
      </nav>

      <div className="grid min-w-0 gap-12">
        <section id={OVERVIEW_ANCHOR} aria-labelledby="overview-title" className="scroll-mt-24">
          <h2 id="overview-title" className="text-2xl font-bold tracking-tight">
            Overview
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            {doc.info.title} {doc.info.version} · OpenAPI {doc.openapi} · Base URL{' '}
            <code className="rounded bg-muted px-1 font-mono text-xs break-all">{baseUrl}</code>
          </p>
          <div className="mt-4 grid max-w-3xl gap-3 leading-relaxed text-slate-700">
            <DocText text={doc.info.description ?? ''} />
          </div>
        </section>

        {groups.map((group) => (
          <section
            key={group.tag}
            id={tagAnchor(group.tag)}
            aria-labelledby={`${tagAnchor(group.tag)}-title`}
            className="grid scroll-mt-24 gap-6"
          >
            <div>
              <h2 id={`${tagAnchor(group.tag)}-title`} className="text-2xl font-bold tracking-tight">
                {group.tag}
              </h2>
              {group.description ? <p className="mt-2 text-slate-700">{group.description}</p> : null}
              <p className="mt-1 text-sm text-muted-foreground">
                {group.operations.length} {group.operations.length === 1 ? 'operation' : 'operations'},{' '}
                {group.operations.filter((op) => requiredSchemes(op.operation).length > 0).length} with a
                bearer token
              </p>
            </div>
            {group.operations.map((op) => (
              <OperationSection key={op.anchor} doc={doc} op={op} baseUrl={baseUrl} />
            ))}
          </section>
        ))}

        {components.length > 0 ? (
          <section id={SCHEMAS_ANCHOR} aria-labelledby="schemas-title" className="grid scroll-mt-24 gap-6">
            <div>
              <h2 id="schemas-title" className="text-2xl font-bold tracking-tight">
                Schemas
              </h2>
              <p className="mt-2 text-slate-700">Objects that several operations share.</p>
            </div>
            {components.map(([name, schema]) => (
              <section
                key={name}
                id={componentAnchor(name)}
                aria-labelledby={`${componentAnchor(name)}-title`}
                className="grid min-w-0 scroll-mt-24 gap-3"
              >
                <h3 id={`${componentAnchor(name)}-title`} className="font-mono text-lg font-semibold">
                  {name}
                </h3>
                {schema.description ? <p className="text-sm text-slate-700">{schema.description}</p> : null}
                <SchemaFieldsTable
                  doc={doc}
                  schema={schema}
                  caption={`Fields of ${name}`}
                  direction="response"
                />
              </section>
            ))}
          </section>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The document's description: paragraphs, "## " headings and `code`. It is our own text, but it is
 * rendered as React text nodes, never as HTML.
 */
function DocText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).filter((block) => block.trim());
  return (
    <>
      {blocks.map((block) => {
        const [first, ...rest] = block.split('\n');
        if (!first.startsWith('## ')) {
          return (
            <p key={block}>
              <InlineCode text={block} />
            </p>
          );
        }
        return (
          <Fragment key={block}>
            <h3 className="mt-3 text-lg font-semibold text-foreground">{first.slice(3)}</h3>
            {rest.length > 0 ? (
              <p>
                <InlineCode text={rest.join(' ')} />
              </p>
            ) : null}
          </Fragment>
        );
      })}
    </>
  );
}

function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <code key={i} className="rounded bg-muted px-1 font-mono text-sm break-words">
            {part}
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The reference's shape while the document loads. */
export function ApiReferenceSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]" aria-busy="true">
      <ListSkeleton label={null} rows={8} className="grid content-start gap-2" itemClassName="h-6 w-full" />
      <div className="grid gap-8">
        <div className="grid gap-3">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-full max-w-2xl" />
          <Skeleton className="h-4 w-full max-w-xl" />
        </div>
        <ListSkeleton
          label={null}
          rows={2}
          className="grid gap-8"
          renderItem={() => (
            <Card>
              <CardHeader className="gap-3">
                <Skeleton className="h-6 w-64" />
                <Skeleton className="h-4 w-80 max-w-full" />
              </CardHeader>
              <CardContent className="grid gap-3">
                <Skeleton className="h-32 w-full" />
                <Skeleton className="h-24 w-full" />
              </CardContent>
            </Card>
          )}
        />
      </div>
    </div>
  );
}
