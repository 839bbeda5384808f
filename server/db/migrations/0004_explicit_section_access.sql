-- Access to sections becomes explicit (server/modules/student/access.ts): a student opens a section when the
-- section, its unit and its course are all assigned to them. Until now a unit of an assigned course with no section
-- assigned individually opened every section of it: each student who reaches a section that way gets a row for it,
-- dated and signed like the unit's, so nobody loses or gains access. The statement-level triggers of migration 0002
-- announce these writes like any other, so every instance empties its kept views.
INSERT INTO student_sections (student_id, section_id, assigned_by, created_at)
SELECT su.student_id, s.id, su.assigned_by, su.created_at
FROM student_units su
JOIN units u ON u.id = su.unit_id
JOIN student_courses sc ON sc.student_id = su.student_id AND sc.course_id = u.course_id
JOIN sections s ON s.unit_id = su.unit_id
WHERE NOT EXISTS (
  SELECT 1 FROM student_sections picked_ss JOIN sections picked ON picked.id = picked_ss.section_id
  WHERE picked_ss.student_id = su.student_id AND picked.unit_id = su.unit_id
)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A unit whose course, or a section whose unit, the student does not hold could only be assigned through the
-- former check's fault (its subquery compared a column with itself). Such rows opened nothing; they go, so that
-- assigning the course or unit later does not bring them to life.
DELETE FROM student_units su
WHERE NOT EXISTS (
  SELECT 1 FROM units u JOIN student_courses sc ON sc.course_id = u.course_id
  WHERE u.id = su.unit_id AND sc.student_id = su.student_id
);
--> statement-breakpoint
DELETE FROM student_sections ss
WHERE NOT EXISTS (
  SELECT 1 FROM sections s JOIN student_units su ON su.unit_id = s.unit_id
  WHERE s.id = ss.section_id AND su.student_id = ss.student_id
);
