import type { BlogPostSummary } from '@app/shared/blog/blog.schemas';
import { BookOpen, Leaf, type LucideIcon, Megaphone, Newspaper, TrendingUp } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A small, stable string hash (FNV-1a): the same post always draws the same cover. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Dark enough behind white marks, light enough to read as a picture rather than a block. */
const PALETTES = [
  ['#0f766e', '#14b8a6'],
  ['#1d4ed8', '#38bdf8'],
  ['#be123c', '#fb7185'],
  ['#7c3aed', '#c084fc'],
  ['#b45309', '#f59e0b'],
  ['#15803d', '#84cc16'],
  ['#334155', '#94a3b8'],
  ['#0e7490', '#67e8f9'],
] as const;

const ICONS: [RegExp, LucideIcon][] = [
  [/market|price|insight|trade/i, TrendingUp],
  [/guide|how|learn/i, BookOpen],
  [/sustain|carbon|climate|impact|circular/i, Leaf],
  [/news|platform|product|update/i, Megaphone],
];

const categoryIcon = (name: string | undefined) =>
  (name && ICONS.find(([pattern]) => pattern.test(name))?.[1]) || Newspaper;

/** A seeded random sequence (mulberry32): the slug decides every shape, so a cover never changes. */
function sequence(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The drawing of a cover: the category picks the colours and icon, the slug the gradient's angle,
 * where the rings sit and how the lines run, so two posts of one category still look different.
 */
function coverShapes(slug: string) {
  const next = sequence(hash(slug));
  const between = (min: number, max: number) => Math.round(min + next() * (max - min));
  return {
    angle: between(0, 360),
    rings: Array.from({ length: between(2, 4) }, () => ({
      cx: between(-20, 340),
      cy: between(-20, 200),
      r: between(30, 120),
      width: between(4, 14),
    })),
    lines: { count: between(3, 8), gap: between(18, 40), tilt: between(-80, 80) },
  };
}

type CoverPost = Pick<BlogPostSummary, 'slug' | 'category'>;

/** A generated cover for a post without a featured image: colour and icon by category, pattern by post. */
export function BlogCover({ post, className }: { post: CoverPost; className?: string }) {
  const [from, to] = PALETTES[hash(post.category?.slug ?? 'uncategorised') % PALETTES.length];
  const shapes = coverShapes(post.slug);
  const Icon = categoryIcon(post.category?.name);
  return (
    <div
      aria-hidden
      className={cn('relative flex size-full items-center justify-center overflow-hidden', className)}
      style={{ backgroundImage: `linear-gradient(${shapes.angle}deg, ${from}, ${to})` }}
    >
      <svg
        className="absolute inset-0 size-full"
        viewBox="0 0 320 180"
        preserveAspectRatio="xMidYMid slice"
        role="presentation"
      >
        <g fill="none" stroke="white" strokeOpacity="0.2">
          {shapes.rings.map((ring) => (
            <circle
              key={`${ring.cx}-${ring.cy}-${ring.r}`}
              cx={ring.cx}
              cy={ring.cy}
              r={ring.r}
              strokeWidth={ring.width}
            />
          ))}
        </g>
        <g stroke="white" strokeOpacity="0.12" strokeWidth="3">
          {Array.from({ length: shapes.lines.count }, (_, i) => {
            const x = 160 + (i - shapes.lines.count / 2) * shapes.lines.gap;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are positions, not items
              <line key={i} x1={x - shapes.lines.tilt} y1={200} x2={x + shapes.lines.tilt} y2={-20} />
            );
          })}
        </g>
      </svg>
      <span className="relative flex size-14 items-center justify-center rounded-full bg-white/90 shadow-sm">
        <Icon className="size-7" style={{ color: from }} />
      </span>
    </div>
  );
}
