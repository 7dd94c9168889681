import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_POST_STATUSES,
  type BlogPost,
  type BlogPostBody,
  type BlogPostStatus,
  slugify,
} from '@app/shared/blog/blog.schemas';
import { Eye, Pencil, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { capitalize } from '@/lib/format';
import { useCreateBlogCategory } from '../api/create-blog-category';
import { useBlogCategories } from '../api/get-blog-categories';
import { useBlogTags } from '../api/get-blog-tags';
import { useSaveBlogPost } from '../api/save-blog-post';
import { toastError } from '../utils/toast-message';
import { BlogContent, blogProseClassName } from './blog-content';
import { TagsInput } from './tags-input';

type Fields = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImageUrl: string;
  categoryId: string;
  status: BlogPostStatus;
  tags: string[];
};
type Errors = Partial<Record<keyof Fields, string>>;

const SLUG_PATTERN = /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u;

const fieldsOf = (post?: BlogPost): Fields => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  content: post?.content ?? '',
  featuredImageUrl: post?.featuredImageUrl ?? '',
  categoryId: post?.category?.id ?? '',
  status: post?.status ?? 'draft',
  tags: post?.tags.map((tag) => tag.name) ?? [],
});

function validate(fields: Fields): Errors {
  const errors: Errors = {};
  if (!fields.title.trim()) errors.title = 'Title is required';
  if (!fields.content.trim()) errors.content = 'Content is required';
  const slug = fields.slug.trim();
  if (slug && !SLUG_PATTERN.test(slug)) errors.slug = BLOG_MESSAGES.slugInvalid;
  const url = fields.featuredImageUrl.trim();
  if (url && !/^https?:\/\/[^\s]+$/i.test(url)) errors.featuredImageUrl = 'Enter a valid http(s) image URL';
  return errors;
}

/**
 * The blog editor: title, slug, excerpt, content with a preview, featured image, category (or a new
 * one), status and tags. Creates a post without `post`, edits it with one.
 */
export function BlogPostEditor({ post, onSaved }: { post?: BlogPost; onSaved: (post: BlogPost) => void }) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(post));
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState(false);
  const save = useSaveBlogPost();
  const tags = useBlogTags();
  const isEdit = Boolean(post);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validate(fields);
    setErrors(found);
    if (found.title || found.content) {
      toastError(BLOG_MESSAGES.titleAndContentRequired);
      return;
    }
    if (Object.values(found).some(Boolean)) {
      toast.error('Please correct the highlighted fields.');
      return;
    }
    const body: BlogPostBody = {
      title: fields.title.trim(),
      slug: fields.slug.trim(),
      excerpt: fields.excerpt.trim(),
      content: fields.content,
      featuredImageUrl: fields.featuredImageUrl.trim(),
      categoryId: fields.categoryId || null,
      status: fields.status,
      tags: fields.tags,
    };
    try {
      const saved = await save.mutateAsync({ id: post?.id, body });
      toast.success(isEdit ? BLOG_MESSAGES.updated : BLOG_MESSAGES.created);
      onSaved(saved);
    } catch (error) {
      const apiError = parseApiError(error);
      if (apiError.message === BLOG_MESSAGES.slugTaken || apiError.message === BLOG_MESSAGES.slugInvalid)
        setErrors((current) => ({ ...current, slug: apiError.message }));
      if (apiError.message === BLOG_MESSAGES.titleAndContentRequired) toastError(apiError.message);
      else if (apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL')
        toast.error(isEdit ? BLOG_MESSAGES.updateFailed : BLOG_MESSAGES.createFailed);
      else toast.error(apiError.message);
    }
  };

  const generatedSlug = slugify(fields.title);
  const errorCount = Object.values(errors).filter(Boolean).length;
  // The server's rendering is shown when the text is the one it rendered; otherwise a text-only preview.
  const serverPreview = post && fields.content === post.content ? post.contentHtml : null;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-6 lg:grid-cols-[1fr_20rem]"
    >
      {errorCount > 0 ? (
        <p
          role="alert"
          className="rounded-md bg-destructive-soft p-3 text-sm font-medium text-destructive-soft-foreground lg:col-span-2"
        >
          {errorCount === 1 ? 'One field needs attention.' : `${errorCount} fields need attention.`}{' '}
          {errors.title || errors.content ? BLOG_MESSAGES.titleAndContentRequired : null}
        </p>
      ) : null}
      <div className="grid min-w-0 content-start gap-5">
        <FormField label="Title" error={errors.title}>
          <Input
            value={fields.title}
            maxLength={BLOG_LIMITS.titleMax}
            onChange={(event) => set('title', event.target.value)}
            placeholder="e.g. Aluminium prices in the first quarter"
          />
        </FormField>
        <FormField
          label="Slug"
          error={errors.slug}
          hint={
            fields.slug.trim()
              ? `The post's address: /blog/${fields.slug.trim()}`
              : 'Leave blank to generate it from the title; a number is added if it is taken.'
          }
        >
          <Input
            value={fields.slug}
            maxLength={BLOG_LIMITS.slugMax}
            onChange={(event) => set('slug', event.target.value)}
            placeholder={generatedSlug || 'generated-from-the-title'}
            autoCapitalize="none"
            spellCheck={false}
          />
        </FormField>
        <FormField label="Excerpt" hint="A sentence or two shown on the blog cards and under the title.">
          <Textarea
            rows={BLOG_LIMITS.excerptRows}
            value={fields.excerpt}
            maxLength={BLOG_LIMITS.excerptMax}
            onChange={(event) => set('excerpt', event.target.value)}
          />
        </FormField>
        <div className="grid gap-2">
          <div className="flex items-end justify-between gap-3">
            <span className="text-sm font-medium leading-none" aria-hidden>
              Content
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-pressed={preview}
              onClick={() => setPreview((p) => !p)}
            >
              {preview ? <Pencil aria-hidden /> : <Eye aria-hidden />}
              {preview ? 'Edit' : 'Preview'}
            </Button>
          </div>
          {preview ? (
            <div className="grid gap-2">
              <section
                aria-label="Content preview"
                className="min-h-72 rounded-md border bg-background p-4 md:p-6"
              >
                {serverPreview !== null ? (
                  <BlogContent html={serverPreview} />
                ) : (
                  <TextPreview content={fields.content} />
                )}
              </section>
              {serverPreview === null ? (
                <p className="text-[0.8125rem] text-muted-foreground">
                  The preview shows the text and paragraphs; HTML formatting is applied when the post is
                  saved.
                </p>
              ) : null}
            </div>
          ) : (
            <FormField
              label="Content"
              className="[&>label]:sr-only"
              error={errors.content}
              hint="Leave a blank line between paragraphs. Simple HTML is allowed: <h2>, <strong>, <em>, <a href>, <ul>/<li>, <blockquote>."
            >
              <Textarea
                rows={BLOG_LIMITS.contentRows}
                value={fields.content}
                maxLength={BLOG_LIMITS.contentMax}
                onChange={(event) => set('content', event.target.value)}
                className="font-mono text-[0.8125rem] leading-6"
              />
            </FormField>
          )}
        </div>
      </div>

      <div className="grid content-start gap-6">
        <Card>
          <CardHeader className="pb-3">
            <CardTitle as="h2" className="text-base">
              Publishing
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            <FormField
              label="Status"
              hint={
                fields.status === 'published'
                  ? 'Visible on the blog. Saving sets the publish date to now.'
                  : 'Not visible on the blog.'
              }
            >
              <Select
                value={fields.status}
                onChange={(event) => set('status', event.target.value as BlogPostStatus)}
              >
                {BLOG_POST_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {capitalize(status)}
                  </option>
                ))}
              </Select>
            </FormField>
            <CategoryField value={fields.categoryId} onChange={(id) => set('categoryId', id)} />
            <FormField
              label="Tags"
              hint={`Press Enter after each tag; new tags are created. Up to ${BLOG_LIMITS.tagsMax}.`}
            >
              <TagsInput
                value={fields.tags}
                onChange={(next) => set('tags', next)}
                suggestions={tags.data?.map((tag) => tag.name)}
              />
            </FormField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-3">
            <CardTitle as="h2" className="text-base">
              Featured image
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <FormField label="Image URL" error={errors.featuredImageUrl}>
              <Input
                type="url"
                inputMode="url"
                value={fields.featuredImageUrl}
                maxLength={BLOG_LIMITS.imageUrlMax}
                placeholder="https://..."
                onChange={(event) => set('featuredImageUrl', event.target.value)}
              />
            </FormField>
            {/^https?:\/\/\S+$/i.test(fields.featuredImageUrl.trim()) ? (
              <img
                src={fields.featuredImageUrl.trim()}
                alt=""
                className="aspect-[16/9] w-full rounded-md border bg-muted object-cover"
              />
            ) : null}
          </CardContent>
        </Card>
        <div className="flex flex-wrap gap-3 lg:sticky lg:top-20">
          <Button type="submit" className="flex-1" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : isEdit ? 'Save Changes' : 'Create Post'}
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.adminBlog}>Cancel</Link>
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The text's paragraphs as plain text: markup is shown stripped, never interpreted. */
function TextPreview({ content }: { content: string }) {
  const blocks = content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/<[^>]*>/g, '').trim())
    .filter(Boolean);
  if (blocks.length === 0) return <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>;
  return (
    <div className={blogProseClassName}>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are positional
        <p key={i} className="whitespace-pre-line">
          {block}
        </p>
      ))}
    </div>
  );
}

/** Category select with "New category": the new one is created on the server and selected. */
function CategoryField({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const categories = useBlogCategories();
  const create = useCreateBlogCategory();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const add = async () => {
    if (create.isPending) return;
    if (!name.trim()) {
      setError(BLOG_MESSAGES.nameRequired);
      return;
    }
    try {
      const category = await create.mutateAsync(name.trim());
      onChange(category.id);
      toast.success(`Category “${category.name}” created.`);
      setAdding(false);
      setName('');
      setError(undefined);
    } catch (err) {
      setError(parseApiError(err).message);
    }
  };

  return (
    <div className="grid gap-2">
      <FormField label="Category">
        <Select value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">No category</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
      </FormField>
      {adding ? (
        <div className="grid gap-2 rounded-md border border-dashed p-3">
          <FormField label="New category name" error={error}>
            <Input
              value={name}
              maxLength={BLOG_LIMITS.nameMax}
              autoFocus
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void add();
                } else if (event.key === 'Escape') {
                  setAdding(false);
                }
              }}
            />
          </FormField>
          <div className="flex gap-2">
            <Button type="button" size="sm" onClick={() => void add()} disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Category'}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="justify-self-start"
          onClick={() => setAdding(true)}
        >
          <Plus aria-hidden />
          New category
        </Button>
      )}
    </div>
  );
}
