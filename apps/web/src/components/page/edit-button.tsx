import { Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The small outlined "Edit" button of a row or card, named for screen readers after what it edits. */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} aria-label={`Edit ${label}`}>
      <Pencil aria-hidden />
      Edit
    </Button>
  );
}
