-- A room type's content as a listing needs it (issue 25): its beds as rows of a bed type and a
-- count, extra beds and cots, view, bathroom, smoking and room amenities. The one bed
-- configuration each room type had becomes its beds ('Twin' is two single beds, 'Two queens' two
-- queen beds), and the old column goes: the beds say the same and more. A value this does not know
-- stops the migration rather than being lost (the definition only ever allowed these seven).
-- Columns as server/resources/resource-storage.ts describes them for resources/room-types.
alter table room_types
  add column beds jsonb,
  add column extra_beds integer,
  add column cots integer,
  add column view text,
  add column bathroom text,
  add column smoking text,
  add column amenities text[];

do $$
begin
  if exists (select 1 from room_types where bed_configuration is not null and bed_configuration not in
      ('King', 'Queen', 'Double', 'Twin', 'King or twin', 'Two queens', 'Bunk beds')) then
    raise exception 'room_types.bed_configuration holds a value migration 0042 does not know';
  end if;
end
$$;

update room_types set beds = jsonb_build_array(jsonb_build_object('type', b.type, 'count', b.count))
  from (values ('King', 'KING', 1), ('Queen', 'QUEEN', 1), ('Double', 'DOUBLE', 1), ('Twin', 'SINGLE', 2),
               ('King or twin', 'KING_OR_TWIN', 1), ('Two queens', 'QUEEN', 2), ('Bunk beds', 'BUNK', 1))
       as b (legacy, type, count)
 where room_types.bed_configuration = b.legacy;

alter table room_types drop column bed_configuration;
