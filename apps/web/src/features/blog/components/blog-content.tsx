import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { cn } from '@/lib/cn';

/** Typography for article bodies: paragraphs, headings, lists, quotes, links, code and images. */
export const blogProseClassName = cn(
  'text-base leading-7 text-slate-800 md:text-[1.0625rem] md:leading-8',
  '[&_p]:my-5 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
  '[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground',
  '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-primary-hover',
  '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:pl-1',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-slate-700',
  '[&_strong]:font-semibold [&_strong]:text-foreground [&_em]:italic',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.875em]',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
  '[&_table]:my-6 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
  'break-words',
);

/** The post's body: `contentHtml`, cleaned by the server's allow-list and again by SanitizedHtml. */
export function BlogContent({ html, className }: { html: string; className?: string }) {
  return <SanitizedHtml html={html} className={cn(blogProseClassName, className)} />;
}
