/** One module's mastery on the course screen: its level, how many of its items are right, and what is due. */
import { Badge, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useMasteryQuery } from './review-api';

export function ModuleMasteryLine({ moduleId }: { readonly moduleId: number }) {
  const mastery = useMasteryQuery();
  const mine = mastery.data?.find((m) => m.moduleId === moduleId);
  if (!mine) return null;
  return (
    <Flex gap="2" align="center" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="module-mastery">
      <Text as="span" color="fg">
        Mastery
      </Text>
      <Badge
        colorPalette={
          mine.level === 'Mastered'
            ? 'green'
            : mine.level === 'Proficient'
              ? 'teal'
              : mine.level === 'Familiar'
                ? 'blue'
                : 'gray'
        }
      >
        {mine.level}
      </Badge>
      <Text as="span">
        {mine.right} of {mine.items} questions right
      </Text>
      {mine.due > 0 ? (
        <Link asChild color="brand.fg">
          <RouterLink to="/review">{mine.due} due for review</RouterLink>
        </Link>
      ) : null}
    </Flex>
  );
}
