-- Issue 25: the check-in and check-out times live in one place, Policies (checkInFrom, checkOutBy),
-- no longer in the overview (checkInTime, checkOutTime). A property that has saved its policies gets
-- its overview's times there (a time Policies already holds stays) and the version moves on, so a
-- form opened before this is refused as stale rather than saved over them. A property that has not
-- saved its policies keeps them on the overview, where Policies' first form starts from them: a
-- policies section made here would count as complete with no cancellation policy.
update property_details
set sections = jsonb_set(
      sections #- '{overview,checkInTime}' #- '{overview,checkOutTime}',
      '{policies}',
      jsonb_strip_nulls(jsonb_build_object(
        'checkInFrom', sections -> 'overview' -> 'checkInTime',
        'checkOutBy', sections -> 'overview' -> 'checkOutTime'
      )) || (sections -> 'policies')
    ),
    version = version + 1,
    updated_at = now()
where sections ? 'policies'
  and jsonb_typeof(sections -> 'policies') = 'object'
  and (sections -> 'overview' ? 'checkInTime' or sections -> 'overview' ? 'checkOutTime');
