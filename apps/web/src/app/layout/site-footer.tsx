import { Link } from 'react-router';
import { site } from '@/config/site';
import { Brand } from './brand';
import { footerPlatformLinks, footerSupportLinks, type NavItem } from './nav-items';

function FooterColumn({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => (
          <li key={item.label}>
            <Link to={item.to} className="rounded-sm text-sm text-slate-300 hover:text-white hover:underline">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="container-page grid grid-cols-1 gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Brand className="text-white [&>span:first-child]:bg-teal-600" />
          <p className="mt-4 text-sm leading-relaxed">
            The B2B marketplace for recycling commodities. Buy and sell recyclable materials, find trusted
            trading partners and track the environmental impact of every deal.
          </p>
        </div>
        <FooterColumn title="Platform" items={footerPlatformLinks} />
        <FooterColumn title="Support" items={footerSupportLinks} />
      </div>
      <div className="border-t border-slate-800">
        <p className="container-page py-6 text-sm text-slate-400">
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
