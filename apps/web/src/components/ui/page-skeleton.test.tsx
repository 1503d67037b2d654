import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ListHeader } from '../resource/list-header.js';
import { ResourcePage } from '../resource/resource-page.js';
import { ListPageSkeleton } from './page-skeleton.js';

/** The classes (sorted) of the element holding `text` and of each box around it, up to the root. */
const boxesAround = (container: HTMLElement, text: string) => {
  const holder = [...container.querySelectorAll<HTMLElement>('*')].find(
    (element) => element.textContent === text && element.children.length === 0,
  );
  const chain: string[] = [];
  for (let element = holder ?? null; element && element !== container;) {
    chain.push(element.className.split(' ').sort().join(' '));
    element = element.parentElement;
  }
  return chain;
};

describe('a list page skeleton (issue 13)', () => {
  it('puts the title in the same boxes, with the same classes, as the list puts its heading', () => {
    const title = 'Gestión de Proveedores - Alquileres';
    const skeleton = render(<ListPageSkeleton title={title} />);
    const list = render(
      <ResourcePage>
        <ListHeader title={title} actions={<button type="button">Exportar</button>} />
      </ResourcePage>,
    );
    // Same size box, same text: the list's heading does not count as a larger paint, and
    // nothing moves when it replaces the skeleton.
    const boxes = boxesAround(list.container, title);
    expect(boxes).toHaveLength(3);
    expect(boxesAround(skeleton.container, title)).toEqual(boxes);
  });
});
