import { Link } from 'react-router';
import { legalDocumentFor, legalDocuments } from '#web/components/legal/legal-documents.ts';
import { islandsPage } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/legal';

export const handle = islandsPage;

export const meta = ({ params }: Route.MetaArgs) => {
  const document = legalDocumentFor(params.section);
  return pageMeta({
    title: document.title,
    path: `/legal/${document.id}`,
    description: `The ${document.title.toLowerCase()} of the service.`,
  });
};

export default function Legal({ params }: Route.ComponentProps) {
  const current = legalDocumentFor(params.section);
  const { Content } = current;
  return (
    <div className="container-page max-w-3xl py-12 sm:py-16">
      <nav aria-label="Legal documents" className="border-b border-slate-200">
        <ul className="-mb-px flex gap-6">
          {legalDocuments.map((document) => {
            const isCurrent = document.id === current.id;
            return (
              <li key={document.id}>
                <Link
                  to={`/legal/${document.id}`}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={`inline-block border-b-2 px-1 pb-3 text-sm font-semibold ${
                    isCurrent
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                  }`}
                >
                  {document.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <article className="pt-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{current.title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated {current.updated}</p>
        <div className="mt-10">
          <Content />
        </div>
      </article>
    </div>
  );
}
