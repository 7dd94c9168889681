import { gradeLabel, MATERIAL_GRADES, type MaterialGrade } from '@app/shared/market/grades';
import type {
  ListGradesQuery,
  MaterialGradeList,
  MaterialGradeView,
} from '@app/shared/market/grades.schemas';
import type { Db } from '../../db/client.ts';
import { listGradeRows, upsertGrades } from './grades.repository.ts';

export type GradesService = ReturnType<typeof createGradesService>;

/** The material grades reference table: a copy of MATERIAL_GRADES that SQL can join on. */
export function createGradesService(deps: { db: Db }) {
  const { db } = deps;
  const order = new Map<string, number>(MATERIAL_GRADES.map((g, i) => [g.id, i]));

  /** Brings the table in step with MATERIAL_GRADES at start-up (idempotent). */
  async function seedGrades(): Promise<void> {
    await upsertGrades(
      db,
      MATERIAL_GRADES.map((g) => ({
        id: g.id,
        category: g.category,
        code: g.code,
        name: g.name,
        description: g.description,
      })),
    );
  }

  /** Public: the grades of one category or all, in the order of MATERIAL_GRADES. */
  async function listGrades(query: ListGradesQuery): Promise<MaterialGradeList> {
    const rows = await listGradeRows(db, query.category);
    const known = rows.filter((r) => order.has(r.id));
    known.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { items: known.map((r) => toView(r as MaterialGrade)) };
  }

  return { seedGrades, listGrades };
}

function toView(grade: MaterialGrade): MaterialGradeView {
  return {
    id: grade.id as MaterialGradeView['id'],
    category: grade.category,
    code: grade.code,
    name: grade.name,
    description: grade.description,
    label: gradeLabel(grade),
  };
}
