import { LISTING_CATEGORIES } from '@app/shared/listings/listings.schemas';
import { gradeById, gradeLabel, gradesOf } from '@app/shared/market/grades';
import {
  IMPACT_LABEL,
  UNVERIFIED_FACTOR_NOTE,
  UpdateWarmFactorBodySchema,
  type WarmFactor,
} from '@app/shared/market/impact.schemas';
import { Leaf } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { EditButton } from '@/components/page/edit-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useImpactFactors } from '../api/get-impact-factors';
import { useUpdateImpactFactor } from '../api/update-impact-factor';

const UPDATE_FAILED = 'Failed to update the impact factor';
const factorText = (value: number | null) => (value === null ? 'Not entered' : value.toFixed(2));
const gradeText = (id: string) => {
  const grade = gradeById(id);
  // Code words ("Barley") are how traders say it; numbered specifications read better by name.
  return grade ? (grade.code && !/\d/.test(grade.code) ? grade.code : grade.name) : id;
};

/** The EPA WARM factors per material: recycling and landfilling factors, source, verified flag, grades. */
export function ImpactFactorsPanel() {
  const factors = useImpactFactors();
  const [editing, setEditing] = useState<WarmFactor | null>(null);

  if (factors.isPending)
    return (
      <div aria-busy="true" className="grid gap-2">
        <span className="sr-only">Loading impact factors</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  if (factors.isError)
    return (
      <EmptyState
        title="The impact factors could not be loaded"
        description={parseApiError(factors.error).message}
        action={<Button onClick={() => void factors.refetch()}>Try Again</Button>}
      />
    );
  if (factors.data.length === 0)
    return (
      <EmptyState
        icon={Leaf}
        title="No impact factors"
        description="The factors are created when the platform starts. Restart the server to seed them."
      />
    );
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Factors are metric tons CO2e per short ton, as EPA's WARM model (v16) publishes them. A deal's
        estimate is (landfilling − recycling) × short tons delivered; a material without a landfilling factor
        shows its tonnage only. Every figure is labelled "{IMPACT_LABEL}".
      </p>
      <Table>
        <caption className="sr-only">EPA WARM factors per material</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Material</TableHead>
            <TableHead className="text-right">Recycling</TableHead>
            <TableHead className="text-right">Landfilling</TableHead>
            <TableHead>Grades</TableHead>
            <TableHead>Status</TableHead>
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {factors.data.map((f) => (
            <TableRow key={f.id}>
              <TableCell className="font-medium">{f.label}</TableCell>
              <TableCell className="tabular text-right">{factorText(f.recyclingFactor)}</TableCell>
              <TableCell
                className={
                  f.landfillingFactor === null ? 'text-right text-muted-foreground' : 'tabular text-right'
                }
              >
                {factorText(f.landfillingFactor)}
              </TableCell>
              <TableCell className="min-w-48 max-w-72">
                {f.gradeIds.length ? (
                  f.gradeIds.map(gradeText).join(', ')
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
              <TableCell>
                <Badge variant={f.verified ? 'success' : 'warning'}>
                  {f.verified ? 'Verified' : 'Unverified'}
                </Badge>
              </TableCell>
              <TableCell className="text-right">
                <EditButton label={f.label} onClick={() => setEditing(f)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <EditFactorDialog factor={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

type Fields = {
  recycling: string;
  landfilling: string;
  source: string;
  verified: boolean;
  gradeIds: string[];
};
type FieldErrors = Partial<Record<'recyclingFactor' | 'landfillingFactor' | 'source' | 'gradeIds', string>>;

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function EditFactorDialog({ factor, onClose }: { factor: WarmFactor | null; onClose: () => void }) {
  const update = useUpdateImpactFactor();
  const gradesLegendId = useId();
  const [fields, setFields] = useState<Fields>({
    recycling: '',
    landfilling: '',
    source: '',
    verified: false,
    gradeIds: [],
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!factor) return;
    setFields({
      recycling: String(factor.recyclingFactor),
      landfilling: factor.landfillingFactor === null ? '' : String(factor.landfillingFactor),
      source: factor.source,
      verified: factor.verified,
      gradeIds: factor.gradeIds,
    });
    setErrors({});
  }, [factor]);

  const toggleGrade = (id: string, on: boolean) =>
    setFields((f) => ({ ...f, gradeIds: on ? [...f.gradeIds, id] : f.gradeIds.filter((g) => g !== id) }));

  const submit = async () => {
    if (!factor || update.isPending) return;
    const parsed = UpdateWarmFactorBodySchema.safeParse({
      recyclingFactor: toNumber(fields.recycling),
      landfillingFactor: fields.landfilling.trim() === '' ? null : toNumber(fields.landfilling),
      source: fields.source,
      verified: fields.verified,
      gradeIds: fields.gradeIds,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: factor.id, changes: parsed.data });
      toast.success('Impact factor updated', { description: saved.label });
      onClose();
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(
        apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? UPDATE_FAILED : apiError.message,
      );
    }
  };

  return (
    <Dialog open={factor !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {factor?.label}</DialogTitle>
          <DialogDescription>
            Metric tons CO2e per short ton (WARM {factor?.warmVersion}). Deals already completed keep the
            estimate they recorded.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Recycling factor" error={errors.recyclingFactor}>
              <Input
                type="number"
                inputMode="decimal"
                step={0.01}
                value={fields.recycling}
                onChange={(e) => setFields((f) => ({ ...f, recycling: e.target.value }))}
              />
            </FormField>
            <FormField
              label="Landfilling factor"
              error={errors.landfillingFactor}
              hint="Leave empty when no stated source gives one: the material then shows tonnage only."
            >
              <Input
                type="number"
                inputMode="decimal"
                step={0.01}
                value={fields.landfilling}
                onChange={(e) => setFields((f) => ({ ...f, landfilling: e.target.value }))}
              />
            </FormField>
          </div>
          <FormField label="Source" error={errors.source}>
            <Textarea
              value={fields.source}
              maxLength={500}
              onChange={(e) => setFields((f) => ({ ...f, source: e.target.value }))}
            />
          </FormField>
          <div className="flex items-start gap-3">
            <Switch
              id="factor-verified"
              checked={fields.verified}
              onCheckedChange={(checked) => setFields((f) => ({ ...f, verified: checked }))}
              aria-describedby="factor-verified-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="factor-verified">Checked against EPA's WARM workbook</Label>
              <p id="factor-verified-hint" className="text-[0.8125rem] text-muted-foreground">
                Off: {UNVERIFIED_FACTOR_NOTE}.
              </p>
            </div>
          </div>
          <fieldset className="grid gap-3" aria-describedby={gradesLegendId}>
            <legend className="text-sm font-medium">Grades that use this factor</legend>
            <p id={gradesLegendId} className="-mt-1 text-[0.8125rem] text-muted-foreground">
              Map only grades that are this material. A grade belongs to one material at most.
            </p>
            {errors.gradeIds ? (
              <p className="text-[0.8125rem] font-medium text-destructive">{errors.gradeIds}</p>
            ) : null}
            <div className="grid max-h-64 gap-4 overflow-y-auto rounded-lg border p-3 sm:grid-cols-2">
              {LISTING_CATEGORIES.map((category) => (
                <div key={category} className="grid content-start gap-1.5">
                  <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {category}
                  </p>
                  {gradesOf(category).map((grade) => (
                    <label key={grade.id} className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4 accent-[var(--color-primary)]"
                        checked={fields.gradeIds.includes(grade.id)}
                        onChange={(e) => toggleGrade(grade.id, e.target.checked)}
                      />
                      {gradeLabel(grade)}
                    </label>
                  ))}
                </div>
              ))}
            </div>
          </fieldset>
          <DialogFormActions
            onCancel={onClose}
            busy={update.isPending}
            submitLabel="Save Changes"
            busyLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
