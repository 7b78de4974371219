import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/** A page of the panel, care or admin areas: its title row (`PageTitle`), then what it shows. */
export function Screen({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title} description={description} actions={actions} />
      {children}
    </>
  );
}
