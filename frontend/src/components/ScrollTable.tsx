import {
  Table,
  type TableCaptionProps,
  type TableRootProps,
  type TableScrollAreaProps,
} from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

export interface ScrollTableProps extends Omit<TableScrollAreaProps, 'children'> {
  /** The table's caption: its accessible name, and the name of the scrolling box around it. */
  readonly caption: ReactNode;
  readonly captionProps?: TableCaptionProps;
  readonly tableProps?: TableRootProps & { readonly 'data-testid'?: string };
  /** The table's header and body. */
  readonly children: ReactNode;
}

/**
 * A table in a box that scrolls when the table is wider (or, with a maxH, taller) than the room it has, as
 * on a 360 px phone. The box is a focusable region named by the caption, so keyboard users reach it and
 * hear what it holds. The caption wraps (the scroll area keeps cells on one line) within the visible width
 * of the box and stays in view while the table scrolls sideways, so it is never cut off.
 */
export function ScrollTable({ caption, captionProps, tableProps, children, ...rest }: ScrollTableProps) {
  const captionId = useId();
  return (
    <Table.ScrollArea
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      css={{ containerType: 'inline-size' }}
      {...rest}
    >
      <Table.Root {...tableProps}>
        <Table.Caption
          id={captionId}
          captionSide="top"
          textAlign="start"
          position="sticky"
          insetInlineStart="0"
          maxW="100cqi"
          whiteSpace="normal"
          {...captionProps}
        >
          {caption}
        </Table.Caption>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}
