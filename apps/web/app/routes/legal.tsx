import { TabNav } from '#web/components/layout/tab-nav.tsx';
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
      <TabNav
        label="Legal documents"
        tabs={legalDocuments.map((document) => ({ to: `/legal/${document.id}`, label: document.title }))}
        current={`/legal/${current.id}`}
      />
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
